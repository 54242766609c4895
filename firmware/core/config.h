/* Limits of the firmware. A board may override any of them with a compile definition in its
 * board.cmake (a small MCU takes smaller buffers); `hello` reports them to the host. */
#ifndef CW_CONFIG_H
#define CW_CONFIG_H

/* Longest line accepted from the host, JSON text + " #" + 8 hex digits, without the newline. */
#ifndef CW_LINE_MAX
#define CW_LINE_MAX 2048
#endif

/* Largest `buffer` of a run (bytes of plaintext per message). */
#ifndef CW_MAX_BUFFER
#define CW_MAX_BUFFER 4096
#endif

/* Largest `input` of a `kat` command and of a vector the self-test carries (bytes). */
#ifndef CW_KAT_MAX
#define CW_KAT_MAX 512
#endif

/* Largest `aad` of a `kat` command (bytes). */
#ifndef CW_AAD_MAX
#define CW_AAD_MAX 64
#endif

/* UART rings (powers of two). */
#ifndef CW_RX_RING
#define CW_RX_RING 256
#endif
#ifndef CW_TX_RING
#define CW_TX_RING 1024
#endif

#define CW_MAX_KEY 32
#define CW_MAX_IV 16
#define CW_MAX_TAG 16
/* Room for any cipher's context (key schedule); each backend checks its types against it. */
#define CW_CTX_MAX 512

/* The worker protocol's version (cipherwatt::protocol::kVersion) whose messages the firmware
 * speaks, framed for a UART (PROTOCOL.md). */
#define CW_PROTOCOL_VERSION 2

/* A run sends `progress` this often; `hello` declares twice that (progress_interval_s) as the
 * longest the host should wait for an event while a run goes on. */
#define CW_PROGRESS_MS 500

#endif
