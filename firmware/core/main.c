/* The firmware: board and counter set up, a `hello` to say it (re)started, then commands from
 * the host until power goes; between them the core sleeps (WFI) until the UART wakes it. */
#include "../boards/board.h"
#include "backend.h"
#include "platform.h"
#include "protocol.h"

int main(void)
{
    cw_board_init();
    cw_platform_init(cw_board.clock_hz);
    cw_backends_init();
    cw_irq_enable();
    cw_protocol_hello(NULL);
    for (;;) {
        if (!cw_protocol_poll())
            cw_idle();
    }
}
