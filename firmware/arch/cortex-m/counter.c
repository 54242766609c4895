/* Cycle counting on ARMv7-M: the DWT cycle counter where it counts, SysTick (which every
 * Cortex-M has) otherwise. SysTick always runs, at the core clock with the longest period
 * (2^24 ticks), and its interrupt counts the wraps and keeps the 32-bit DWT counter's upper
 * half; so both read as 64-bit counts. */
#include "../../core/platform.h"
#include "cortex_m.h"

static uint32_t clock_hz;
static volatile uint32_t systick_wraps;
static bool dwt_counts;
static bool cycles_real;
static uint32_t dwt_high;
static uint32_t dwt_last;

static uint64_t dwt_read(void)
{
    const uint32_t primask = cw_irq_save();
    const uint32_t now = DWT_CYCCNT;
    if (now < dwt_last)
        ++dwt_high;
    dwt_last = now;
    const uint64_t value = (uint64_t)dwt_high << 32 | now;
    cw_irq_restore(primask);
    return value;
}

void SysTick_Handler(void);
void SysTick_Handler(void)
{
    ++systick_wraps;
    if (dwt_counts)
        (void)dwt_read(); /* at least once per 2^24 cycles: no 2^32 wrap goes unseen */
}

static bool has_dwt_cycle_counter_by_architecture(uint32_t partno)
{
    /* ARMv7-M and ARMv8-M mainline cores implement CYCCNT unless DWT_CTRL.NOCYCCNT says not. */
    switch (partno) {
    case 0xC23: /* Cortex-M3 */
    case 0xC24: /* Cortex-M4 */
    case 0xC27: /* Cortex-M7 */
    case 0xD21: /* Cortex-M33 */
    case 0xD22: /* Cortex-M55 */
    case 0xD23: /* Cortex-M85 */
        return (DWT_CTRL & DWT_CTRL_NOCYCCNT) == 0;
    default:
        return false; /* Cortex-M0/M0+/M1/M23: no cycle counter */
    }
}

void cw_platform_init(uint32_t hz)
{
    clock_hz = hz;
    SYST_CSR = 0;
    SYST_RVR = 0x00FFFFFFU;
    SYST_CVR = 0;
    SYST_CSR = SYST_CSR_CLKSOURCE | SYST_CSR_TICKINT | SYST_CSR_ENABLE;

    const uint32_t partno = (SCB_CPUID >> 4) & 0xFFFU;
    const bool expected = has_dwt_cycle_counter_by_architecture(partno);
    if (expected) {
        SCB_DEMCR |= SCB_DEMCR_TRCENA;
        DWT_LAR = 0xC5ACCE55U;
        DWT_CYCCNT = 0;
        DWT_CTRL |= DWT_CTRL_CYCCNTENA;
        const uint32_t before = DWT_CYCCNT;
        for (volatile unsigned i = 0; i < 64; ++i) {
        }
        dwt_counts = DWT_CYCCNT != before;
        dwt_last = DWT_CYCCNT;
    }
    /* A core that should have a counting DWT but does not is emulated: qemu models no DWT, and
     * its SysTick follows the host's clock, so no count there is a real cycle count. */
    cycles_real = dwt_counts || !expected;
}

uint64_t cw_ticks(void)
{
    const uint32_t primask = cw_irq_save();
    uint32_t wraps = systick_wraps;
    uint32_t value = SYST_CVR;
    if ((SCB_ICSR & SCB_ICSR_PENDSTSET) != 0) {
        /* Wrapped, interrupt not yet taken. At 0 the old period still runs (the reload comes
         * with the next tick); after the reload it is the new one. */
        value = SYST_CVR;
        if (value != 0)
            ++wraps;
    }
    cw_irq_restore(primask);
    return ((uint64_t)wraps << 24) + (0x00FFFFFFU - value);
}

uint64_t cw_cycles(void)
{
    return dwt_counts ? dwt_read() : cw_ticks();
}

uint32_t cw_counter_hz(void)
{
    return clock_hz;
}

const char *cw_counter_kind(void)
{
    return dwt_counts ? "dwt" : "systick";
}

bool cw_cycles_real(void)
{
    return cycles_real;
}

const char *cw_counter_note(void)
{
    if (dwt_counts)
        return "DWT CYCCNT: core clock cycles";
    if (!cycles_real)
        return "the DWT cycle counter does not count here (an emulator such as qemu): SysTick "
               "at the board's nominal clock stands in, following the host's time; these are "
               "not real cycles";
    return "no DWT cycle counter on this core: SysTick counts core clock cycles";
}

uint32_t cw_cpuid(void)
{
    return SCB_CPUID;
}

const char *cw_core_name(void)
{
    if ((SCB_CPUID >> 24) != 0x41U)
        return "unknown";
    switch ((SCB_CPUID >> 4) & 0xFFFU) {
    case 0xC20:
        return "cortex-m0";
    case 0xC60:
        return "cortex-m0+";
    case 0xC21:
        return "cortex-m1";
    case 0xC23:
        return "cortex-m3";
    case 0xC24:
        return "cortex-m4";
    case 0xC27:
        return "cortex-m7";
    case 0xD20:
        return "cortex-m23";
    case 0xD21:
        return "cortex-m33";
    case 0xD22:
        return "cortex-m55";
    case 0xD23:
        return "cortex-m85";
    default:
        return "unknown";
    }
}
