/*
 * smp.c - more than one CPU (docs/minios.md, "SMP"): starting the
 * others, interprocessor interrupts, TLB shootdown.
 *
 * alphasim starts every CPU at minios's entry; the PAL reset flow sends
 * all but CPU 0 to _ksecondary (entry.S), which waits for a stack in
 * smp_stack[].  CPU 0 hands them out once the kernel is set up; each
 * then registers its own entry points (PALtemps are per CPU) and runs
 * its scheduler.
 *
 * The IPI device (docs/platform.md "ipi") raises the same line as the
 * timer, taken at OSF IPL 5; an IPI here means "invalidate your user
 * TB entries" (TBIAP), and the sender waits for every target's count of
 * handled IPIs to move, as a TLB shootdown must; or it ends an idle
 * CPU's wtint when there is work for it (sched.c).  An IPI also runs the
 * function smp_call left for its CPU (the DCPI driver's flush, section
 * 4.2.3 of the paper: code run on a CPU orders its handler's stores).
 * Senders hold the big kernel lock, so one call is in flight at a time.
 */
#include "minios/defs.h"

/* In .data: _ksecondary reads it while CPU 0 clears .bss. */
uint64_t smp_stack[NCPU] __attribute__((section(".data")));

#define IPI(reg) (*(volatile uint64_t *)P2V(IO_IPI + (reg)))

void smp_start(void)
{
	ncpu = bootblock->ncpus < NCPU ? (int)bootblock->ncpus : NCPU;
	for (int i = 0; i < ncpu; i++)
		sched_cpu_init(i);
	for (int i = 1; i < ncpu; i++) {
		uint64_t pa = kalloc_dirty();
		if (!pa)
			panic("no memory for cpu %d's stack", i);
		__asm__ volatile("mb" ::: "memory");
		smp_stack[i] = (uint64_t)P2V(pa) + PGSIZE;
		__asm__ volatile("mb" ::: "memory");
		smp_kick(i);                   /* it waits in wtint (entry.S) */
	}
}

_Noreturn void smp_secondary(int id)
{
	if (id != cpuid())
		panic("cpu %d started as %d", cpuid(), id);
	trap_init();
	scheduler();
}

/* The function each CPU runs at its next IPI; NULL again once run. */
static struct {
	void (*volatile fn)(void *);
	void *volatile arg;
} call[NCPU];

void smp_ipi(void)
{
	struct cpu *c = mycpu();
	IPI(IPI_PENDING) = IPI(IPI_PENDING);
	pal_tbi(-1, 0);
	if (call[c->id].fn) {
		call[c->id].fn(call[c->id].arg);
		__asm__ volatile("mb" ::: "memory");   /* fn's stores, then done */
		call[c->id].fn = NULL;
	}
	c->ipi_seq++;
}

void smp_call(int cpu, void (*fn)(void *), void *arg)
{
	if (cpu == cpuid()) {
		fn(arg);
		return;
	}
	call[cpu].arg = arg;
	call[cpu].fn = fn;
	__asm__ volatile("mb" ::: "memory");       /* the call, then the IPI */
	IPI(IPI_SEND) = 1ul << cpu;
	while (call[cpu].fn)
		;
	__asm__ volatile("mb" ::: "memory");       /* then what fn stored    */
}

/* An IPI to CPU cpu, waiting in wtint for work (sched.c): what wakes it
 * is the interrupt request; the handler's TBIAP costs it nothing, as it
 * runs no process. */
void smp_kick(int cpu)
{
	IPI(IPI_SEND) = 1ul << cpu;
}

/* TBIAP here and on every CPU running mm (NULL: running anything), by
 * IPI, waiting for them; the other CPUs do it before they next enter a
 * process (sched.c run), as their TBs may hold mm's entries too. */
void tlb_shootdown(struct mm *mm)
{
	int me = cpuid();
	uint64_t mask = 0, seq[NCPU];
	pal_tbi(-1, 0);
	for (int i = 0; i < ncpu; i++) {
		if (i == me)
			continue;
		struct proc *p = cpus[i].proc;
		if (p && (!mm || p->mm == mm)) {
			seq[i] = cpus[i].ipi_seq;
			mask |= 1ul << i;
		} else {
			cpus[i].tlb_stale = true;
		}
	}
	if (!mask)
		return;
	__asm__ volatile("mb" ::: "memory");
	IPI(IPI_SEND) = mask;
	for (int i = 0; i < ncpu; i++)
		while ((mask >> i & 1) && cpus[i].ipi_seq == seq[i])
			;
}
