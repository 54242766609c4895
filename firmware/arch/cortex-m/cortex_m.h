/* Architectural registers of ARMv7-M (ARMv7-M Architecture Reference Manual, B3): the same on
 * every Cortex-M3/M4/M7, so they live here and not in a board file. */
#ifndef CW_CORTEX_M_H
#define CW_CORTEX_M_H

#include <stdint.h>

#define CW_REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

#define SCB_CPUID CW_REG(0xE000ED00)
#define SCB_ICSR CW_REG(0xE000ED04)
#define SCB_ICSR_PENDSTSET (1U << 26)
#define SCB_AIRCR CW_REG(0xE000ED0C)
#define SCB_AIRCR_SYSRESETREQ (0x05FAU << 16 | 1U << 2)
#define SCB_SHCSR CW_REG(0xE000ED24)
#define SCB_CFSR CW_REG(0xE000ED28)
#define SCB_HFSR CW_REG(0xE000ED2C)
#define SCB_MMFAR CW_REG(0xE000ED34)
#define SCB_BFAR CW_REG(0xE000ED38)
#define SCB_DEMCR CW_REG(0xE000EDFC)
#define SCB_DEMCR_TRCENA (1U << 24)

#define NVIC_ISER(n) CW_REG(0xE000E100 + 4U * (n))

#define SYST_CSR CW_REG(0xE000E010)
#define SYST_RVR CW_REG(0xE000E014)
#define SYST_CVR CW_REG(0xE000E018)
#define SYST_CSR_ENABLE (1U << 0)
#define SYST_CSR_TICKINT (1U << 1)
#define SYST_CSR_CLKSOURCE (1U << 2) /* 1: the processor clock */

#define DWT_CTRL CW_REG(0xE0001000)
#define DWT_CYCCNT CW_REG(0xE0001004)
#define DWT_LAR CW_REG(0xE0001FB0) /* Cortex-M7 locks the DWT until this is written */
#define DWT_CTRL_CYCCNTENA (1U << 0)
#define DWT_CTRL_NOCYCCNT (1U << 25)

static inline void cw_nvic_enable(unsigned irq)
{
    NVIC_ISER(irq / 32U) = 1U << (irq % 32U);
}

static inline uint32_t cw_irq_save(void)
{
    uint32_t primask;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    return primask;
}

static inline void cw_irq_restore(uint32_t primask)
{
    __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
}

#endif
