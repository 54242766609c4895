/* What a board provides. A port to another board is one folder, boards/<name>/, with
 *   board.c      this interface: clock, UART driver, marker pin, identity
 *   memory.ld    its flash and RAM (included by arch/cortex-m/cortex-m.ld)
 *   board.cmake  CPU flags, limits (core/config.h), and any extra sources, such as a file that
 *                registers a hardware AES backend (core/backend.h)
 * Nothing else changes. See firmware/README.md for CC1310, STM32 Nucleo and nRF52 notes. */
#ifndef CW_BOARD_H
#define CW_BOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef struct
{
    const char *name;        /* short id, e.g. "mps2-an385" (in `hello`) */
    const char *description; /* one line for the report */
    uint32_t clock_hz;       /* core clock after cw_board_init(); SysTick counts it */
    uint32_t uart_baud;
    const char *marker; /* the start/end marker pin, e.g. "DIO6", or "none" */
} cw_board_info;

extern const cw_board_info cw_board;

/* Clocks, pins and the UART (8N1, receive and transmit interrupts enabled in the NVIC). Runs
 * with interrupts masked; they are unmasked after it. */
void cw_board_init(void);

/* Starts sending from cw_uart_tx (core/uart.h) if the transmitter is idle; the board's
 * interrupt handler sends the rest and stops when the ring is empty. Safe to call any time. */
void cw_board_uart_kick(void);
/* True while a byte is still being shifted out. */
bool cw_board_uart_busy(void);
/* Sends one byte by polling, with interrupts masked (fault reports only). */
void cw_board_uart_put_polled(uint8_t byte);

/* The measuring marker: high while a run's timed loop executes, low otherwise. A board without
 * a spare pin makes it a no-op and says "none" in cw_board.marker. */
void cw_board_marker(bool on);

#endif
