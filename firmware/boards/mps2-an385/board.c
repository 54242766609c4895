/* Arm MPS2 AN385 (Cortex-M3) as modelled by qemu-system-arm -M mps2-an385: UART0 is a CMSDK APB
 * UART at 0x40004000 (Cortex-M System Design Kit TRM, ARM DDI 0479) with its receive interrupt
 * on IRQ 0 and transmit interrupt on IRQ 1 (AN385, and qemu's hw/arm/mps2.c); the system clock
 * is 25 MHz. The board has no GPIO for the marker that qemu would show, so the marker is a
 * no-op. */
#include "../board.h"

#include "../../arch/cortex-m/cortex_m.h"
#include "../../core/uart.h"

#define UART0_BASE 0x40004000U
#define UART_DATA CW_REG(UART0_BASE + 0x00U)
#define UART_STATE CW_REG(UART0_BASE + 0x04U)
#define UART_CTRL CW_REG(UART0_BASE + 0x08U)
#define UART_INTSTATUS CW_REG(UART0_BASE + 0x0CU)
#define UART_BAUDDIV CW_REG(UART0_BASE + 0x10U)

#define STATE_TXFULL (1U << 0)
#define STATE_RXFULL (1U << 1)
#define CTRL_TX_EN (1U << 0)
#define CTRL_RX_EN (1U << 1)
#define CTRL_TX_INTEN (1U << 2)
#define CTRL_RX_INTEN (1U << 3)
#define INT_TX (1U << 0)
#define INT_RX (1U << 1)

#define UART0_RX_IRQ 0U
#define UART0_TX_IRQ 1U

const cw_board_info cw_board = {
    .name = "mps2-an385",
    .description = "Arm MPS2 AN385 (Cortex-M3), qemu-system-arm -M mps2-an385",
    .clock_hz = 25000000U,
    .uart_baud = 115200U,
    .marker = "none",
};

static volatile bool tx_active;

void cw_board_init(void)
{
    UART_BAUDDIV = cw_board.clock_hz / cw_board.uart_baud;
    UART_INTSTATUS = INT_TX | INT_RX;
    UART_CTRL = CTRL_TX_EN | CTRL_RX_EN | CTRL_TX_INTEN | CTRL_RX_INTEN;
    cw_nvic_enable(UART0_RX_IRQ);
    cw_nvic_enable(UART0_TX_IRQ);
}

void cw_irq0(void);
void cw_irq0(void)
{
    UART_INTSTATUS = INT_RX; /* cleared first: a byte arriving meanwhile raises it again */
    while ((UART_STATE & STATE_RXFULL) != 0) {
        if (!cw_ring_push(&cw_uart_rx, (uint8_t)UART_DATA))
            cw_uart_rx_overrun = true;
    }
}

static void send_next(void)
{
    UART_INTSTATUS = INT_TX;
    const int next = cw_ring_pop(&cw_uart_tx);
    if (next >= 0)
        UART_DATA = (uint32_t)next;
    else
        tx_active = false;
}

/* The transmitter raises its interrupt when the byte in its buffer has gone. */
void cw_irq1(void);
void cw_irq1(void)
{
    send_next();
}

void cw_board_uart_kick(void)
{
    const uint32_t primask = cw_irq_save();
    if (tx_active && (UART_INTSTATUS & INT_TX) != 0) {
        send_next(); /* with interrupts masked by the caller, the kick does the handler's work */
    } else if (!tx_active) {
        const int next = cw_ring_pop(&cw_uart_tx);
        if (next >= 0) {
            tx_active = true;
            UART_DATA = (uint32_t)next;
        }
    }
    cw_irq_restore(primask);
}

bool cw_board_uart_busy(void)
{
    return tx_active || (UART_STATE & STATE_TXFULL) != 0;
}

void cw_board_uart_put_polled(uint8_t byte)
{
    while ((UART_STATE & STATE_TXFULL) != 0) {
    }
    UART_DATA = byte;
}

void cw_board_marker(bool on)
{
    (void)on; /* no pin: qemu could not show it anyway */
}
