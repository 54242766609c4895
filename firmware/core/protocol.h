/* The host protocol over the UART (PROTOCOL.md): framed JSON Lines, the same shapes as
 * `cipherwatt-bench serve`. */
#ifndef CW_PROTOCOL_H
#define CW_PROTOCOL_H

#include "json.h"
#include "out.h"

#include <stdbool.h>
#include <stddef.h>

/* The `hello` event; without an id it is the one sent at reset. */
void cw_protocol_hello(const cw_id *id);
/* Takes what the host sent and handles every whole line. Returns true if it read anything. */
bool cw_protocol_poll(void);

/* For the run (run.c): while it measures, lines are still read between chunks, but only
 * `cancel` is obeyed; everything else is answered "busy", and no answer ever waits for room
 * in the transmit ring. */
void cw_protocol_set_running(bool running);
bool cw_protocol_cancel_requested(void);

/* An `error` event: code (PROTOCOL.md), message. Never waits while a run is measured. */
void cw_protocol_error(const cw_id *id, const char *code, const char *message);

/* The commands, called by the command loop: list (describe.c), kat, run and check
 * (commands.c). */
void cw_protocol_list(const cw_id *id);
void cw_protocol_kat(const cw_json_object *cmd, const cw_id *id);
void cw_protocol_run(const cw_json_object *cmd, const cw_id *id);
void cw_protocol_check(const cw_json_object *cmd, const cw_id *id);

#endif
