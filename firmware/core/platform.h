/* What the core needs from the processor (arch/cortex-m/): the cycle counter, the stack probe,
 * sleeping, reset. Implemented once per architecture, not per board. */
#ifndef CW_PLATFORM_H
#define CW_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Starts SysTick (core clock, 2^24 period, wraps counted in its interrupt) and finds out whether
 * the DWT cycle counter counts. */
void cw_platform_init(uint32_t clock_hz);

/* Cycles since start-up: DWT CYCCNT where it counts, else SysTick ticks of the core clock. */
uint64_t cw_cycles(void);
uint32_t cw_counter_hz(void);
const char *cw_counter_kind(void); /* "dwt" or "systick" */
/* False when the counter cannot be real core cycles: a core that has a DWT cycle counter whose
 * counter does not count is an emulator (qemu), and SysTick there follows the host's clock. */
bool cw_cycles_real(void);
const char *cw_counter_note(void);
/* SysTick ticks since start-up (core clock): the uptime, whatever the cycle counter is. */
uint64_t cw_ticks(void);

const char *cw_core_name(void); /* from CPUID, e.g. "cortex-m3" */
uint32_t cw_cpuid(void);

/* Stack high-water mark: fill the free stack below the caller with a pattern, then see how
 * deep a call went. The result includes any interrupt taken meanwhile. */
void cw_stack_mark(void);
size_t cw_stack_used_since_mark(void);
size_t cw_stack_size(void);
/* The deepest the stack has been since start-up (it is painted at reset). */
size_t cw_stack_peak(void);

/* Sleeps until an interrupt unless a byte is already waiting (no lost wake-ups). */
void cw_idle(void);
void cw_irq_enable(void);
_Noreturn void cw_reset(void);

#endif
