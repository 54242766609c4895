/* The byte stream to the host: two rings between the main loop and the board's UART interrupt
 * handlers. The main loop writes into the transmit ring and reads the receive ring; the board's
 * handlers move bytes between the rings and the hardware (boards/board.h). */
#ifndef CW_UART_H
#define CW_UART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Single producer, single consumer; `size` is a power of two. */
typedef struct
{
    uint8_t *data;
    uint16_t size;
    volatile uint16_t head; /* written by the producer */
    volatile uint16_t tail; /* written by the consumer */
} cw_ring;

extern cw_ring cw_uart_rx;
extern cw_ring cw_uart_tx;
extern volatile bool cw_uart_rx_overrun; /* set by the board when a byte found the ring full */

bool cw_ring_push(cw_ring *ring, uint8_t byte); /* false when full */
int cw_ring_pop(cw_ring *ring);                 /* -1 when empty */
size_t cw_ring_used(const cw_ring *ring);

/* Queues bytes for the host, waiting for room when the ring is full. */
void cw_uart_write(const void *data, size_t len);
/* Room left in the transmit ring: a caller that must not wait checks it first. */
size_t cw_uart_tx_free(void);
/* Waits until every queued byte has left the UART. */
void cw_uart_flush(void);
/* The next byte from the host, or -1. */
int cw_uart_read(void);

#endif
