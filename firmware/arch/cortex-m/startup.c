/* Start-up for any Cortex-M: the vector table, the reset handler (copy .data, clear .bss, call
 * main), a fault handler that reports the fault to the host as one framed event and resets,
 * and the small processor services of core/platform.h. Interrupt handlers are weak names
 * cw_irq0 .. cw_irq99 that a board file defines for the lines it uses. */
#include "../../boards/board.h"
#include "../../core/crc32.h"
#include "../../core/platform.h"
#include "../../core/uart.h"
#include "cortex_m.h"

#include <string.h>

/* From the linker script (cortex-m.ld). */
extern uint32_t __stack_top[];
extern uint32_t __stack_bottom[];
extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[];

int main(void);
void Reset_Handler(void);
void SysTick_Handler(void);
void cw_fault_entry(void);

static void paint_stack(void);

_Noreturn void Reset_Handler(void)
{
    paint_stack(); /* for the peak in `hello` */
    const size_t data = (size_t)((const uint8_t *)_edata - (const uint8_t *)_sdata);
    memcpy(_sdata, _sidata, data);
    memset(_sbss, 0, (size_t)((const uint8_t *)_ebss - (const uint8_t *)_sbss));
    /* MemManage, BusFault and UsageFault get their own report instead of escalating. */
    SCB_SHCSR |= 7U << 16;
    (void)main();
    cw_reset();
}

/* An interrupt nobody handles is reported like a fault (its number is in "ipsr"). */
#define CW_IRQ_WEAK(n) void cw_irq##n(void) __attribute__((weak, alias("cw_fault_entry")));
#define CW_IRQ_ENTRY(n) cw_irq##n,
/* clang-format off */
#define CW_IRQ_ROW(X, r) X(r##0) X(r##1) X(r##2) X(r##3) X(r##4) X(r##5) X(r##6) X(r##7) X(r##8) X(r##9)
#define CW_IRQ_ALL(X)                                                                              \
    CW_IRQ_ROW(X, ) CW_IRQ_ROW(X, 1) CW_IRQ_ROW(X, 2) CW_IRQ_ROW(X, 3) CW_IRQ_ROW(X, 4)            \
    CW_IRQ_ROW(X, 5) CW_IRQ_ROW(X, 6) CW_IRQ_ROW(X, 7) CW_IRQ_ROW(X, 8) CW_IRQ_ROW(X, 9)
/* clang-format on */

CW_IRQ_ALL(CW_IRQ_WEAK)

typedef void (*cw_handler)(void);

struct cw_vector_table
{
    void *stack;
    cw_handler exceptions[15];
    cw_handler irqs[100];
};

__attribute__((section(".isr_vector"), used)) const struct cw_vector_table cw_vector_table = {
    .stack = __stack_top,
    .exceptions =
        {
            Reset_Handler,
            cw_fault_entry, /* NMI */
            cw_fault_entry, /* HardFault */
            cw_fault_entry, /* MemManage */
            cw_fault_entry, /* BusFault */
            cw_fault_entry, /* UsageFault */
            0,
            0,
            0,
            0,
            cw_fault_entry, /* SVCall */
            cw_fault_entry, /* DebugMonitor */
            0,
            cw_fault_entry, /* PendSV */
            SysTick_Handler,
        },
    .irqs = {CW_IRQ_ALL(CW_IRQ_ENTRY)},
};

/* ---- fault report ---- */

typedef struct
{
    char text[200];
    size_t len;
} line_buffer;

static void put(line_buffer *b, const char *s)
{
    while (*s != '\0' && b->len < sizeof b->text - 1)
        b->text[b->len++] = *s++;
}

static void put_hex(line_buffer *b, const char *key, uint32_t value)
{
    static const char digits[] = "0123456789abcdef";
    char hex[11] = "0x";
    for (int i = 0; i < 8; ++i)
        hex[2 + i] = digits[(value >> (28 - 4 * i)) & 15U];
    hex[10] = '\0';
    put(b, ",\"");
    put(b, key);
    put(b, "\":\"");
    put(b, hex);
    put(b, "\"");
}

/* frame: the registers the exception pushed (r0-r3, r12, lr, pc, xpsr). */
void cw_fault_report(const uint32_t *frame);
_Noreturn void cw_fault_report(const uint32_t *frame)
{
    __asm__ volatile("cpsid i" ::: "memory");
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    line_buffer b = {.len = 0};
    put(&b, "{\"event\":\"fault\",\"exception\":");
    const char *name = (ipsr & 0x1FFU) == 3   ? "\"hardfault\""
                       : (ipsr & 0x1FFU) == 4 ? "\"memmanage\""
                       : (ipsr & 0x1FFU) == 5 ? "\"busfault\""
                       : (ipsr & 0x1FFU) == 6 ? "\"usagefault\""
                                              : "\"unhandled\"";
    put(&b, name);
    put_hex(&b, "ipsr", ipsr);
    put_hex(&b, "pc", frame[6]);
    put_hex(&b, "lr", frame[5]);
    put_hex(&b, "cfsr", SCB_CFSR);
    put_hex(&b, "hfsr", SCB_HFSR);
    put_hex(&b, "bfar", SCB_BFAR);
    put(&b, "}");
    const uint32_t crc = cw_crc32(b.text, b.len); /* the text stays below 190 bytes */
    static const char digits[] = "0123456789abcdef";
    b.text[b.len++] = ' ';
    b.text[b.len++] = '#';
    for (int i = 0; i < 8; ++i)
        b.text[b.len++] = digits[(crc >> (28 - 4 * i)) & 15U];
    b.text[b.len++] = '\n';
    /* What the ring still held goes first, so the host sees whole lines. */
    for (int c = cw_ring_pop(&cw_uart_tx); c >= 0; c = cw_ring_pop(&cw_uart_tx))
        cw_board_uart_put_polled((uint8_t)c);
    for (size_t i = 0; i < b.len; ++i)
        cw_board_uart_put_polled((uint8_t)b.text[i]);
    cw_reset();
}

__attribute__((naked)) void cw_fault_entry(void)
{
    __asm__ volatile("tst lr, #4\n\t"
                     "ite eq\n\t"
                     "mrseq r0, msp\n\t"
                     "mrsne r0, psp\n\t"
                     "b cw_fault_report\n\t");
}

/* ---- processor services (core/platform.h) ---- */

#define STACK_PATTERN 0xC5C5C5C5U

static size_t deepest; /* stack bytes in use at the deepest point an earlier scan found */

static inline uint32_t *stack_pointer(void)
{
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

/* The free stack below the caller gets the pattern; the 64 bytes right below the stack
 * pointer are left alone (they hold the painter's own frame). */
static void paint_below(uint32_t *sp)
{
    for (uint32_t *p = __stack_bottom; p < sp - 16; ++p)
        *p = STACK_PATTERN;
}

static void paint_stack(void)
{
    paint_below(stack_pointer());
}

/* Bytes from the top of the stack down to the deepest word that lost the pattern. */
static size_t scan_used(void)
{
    const uint32_t *p = __stack_bottom;
    while (p < __stack_top && *p == STACK_PATTERN)
        ++p;
    return (size_t)((const uint8_t *)__stack_top - (const uint8_t *)p);
}

/* Both are called from the same frame, so they see (nearly) the same stack pointer. */
void cw_stack_mark(void)
{
    const size_t used = scan_used(); /* repainting would forget the peak so far */
    if (used > deepest)
        deepest = used;
    paint_below(stack_pointer());
}

size_t cw_stack_used_since_mark(void)
{
    const uint32_t *sp = stack_pointer();
    const uint32_t *p = __stack_bottom;
    while (p < sp - 16 && *p == STACK_PATTERN)
        ++p;
    return (size_t)((const uint8_t *)sp - (const uint8_t *)p);
}

size_t cw_stack_peak(void)
{
    const size_t used = scan_used();
    return used > deepest ? used : deepest;
}

size_t cw_stack_size(void)
{
    return (size_t)((const uint8_t *)__stack_top - (const uint8_t *)__stack_bottom);
}

void cw_idle(void)
{
    __asm__ volatile("cpsid i" ::: "memory");
    if (cw_ring_used(&cw_uart_rx) == 0)
        __asm__ volatile("dsb\n\twfi" ::: "memory"); /* a pending interrupt still wakes it */
    __asm__ volatile("cpsie i" ::: "memory");
}

void cw_irq_enable(void)
{
    __asm__ volatile("cpsie i" ::: "memory");
}

_Noreturn void cw_reset(void)
{
    __asm__ volatile("dsb" ::: "memory");
    SCB_AIRCR = SCB_AIRCR_SYSRESETREQ;
    __asm__ volatile("dsb" ::: "memory");
    for (;;) {
    }
}
