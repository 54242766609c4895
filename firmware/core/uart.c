#include "uart.h"

#include "../boards/board.h"
#include "config.h"

_Static_assert((CW_RX_RING & (CW_RX_RING - 1)) == 0, "CW_RX_RING must be a power of two");
_Static_assert((CW_TX_RING & (CW_TX_RING - 1)) == 0, "CW_TX_RING must be a power of two");

static uint8_t rx_data[CW_RX_RING];
static uint8_t tx_data[CW_TX_RING];

cw_ring cw_uart_rx = {.data = rx_data, .size = CW_RX_RING};
cw_ring cw_uart_tx = {.data = tx_data, .size = CW_TX_RING};
volatile bool cw_uart_rx_overrun;

/* Keeps the compiler from moving ring accesses across the index updates; on a single core that
 * is all the ordering the interrupt handlers need. */
#define BARRIER() __asm__ volatile("" ::: "memory")

size_t cw_ring_used(const cw_ring *ring)
{
    return (uint16_t)(ring->head - ring->tail) & (ring->size - 1U);
}

bool cw_ring_push(cw_ring *ring, uint8_t byte)
{
    const uint16_t head = ring->head;
    const uint16_t next = (uint16_t)((head + 1U) & (ring->size - 1U));
    if (next == ring->tail)
        return false;
    ring->data[head] = byte;
    BARRIER();
    ring->head = next;
    return true;
}

int cw_ring_pop(cw_ring *ring)
{
    const uint16_t tail = ring->tail;
    if (tail == ring->head)
        return -1;
    const uint8_t byte = ring->data[tail];
    BARRIER();
    ring->tail = (uint16_t)((tail + 1U) & (ring->size - 1U));
    return byte;
}

void cw_uart_write(const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; ++i) {
        while (!cw_ring_push(&cw_uart_tx, p[i]))
            cw_board_uart_kick();
    }
    cw_board_uart_kick();
}

size_t cw_uart_tx_free(void)
{
    return (size_t)(cw_uart_tx.size - 1U) - cw_ring_used(&cw_uart_tx);
}

void cw_uart_flush(void)
{
    cw_board_uart_kick();
    while (cw_ring_used(&cw_uart_tx) != 0 || cw_board_uart_busy())
        cw_board_uart_kick();
}

int cw_uart_read(void)
{
    return cw_ring_pop(&cw_uart_rx);
}
