/*
 * spinlock.c - spin locks, the interrupt priority level, and the big
 * kernel lock (docs/minios.md, "Locking and IPL").
 *
 * A spin lock is a quadword taken with LDQ_L/STQ_C (ARM 4.2.4-4.2.5,
 * with MB after the store as the ARM's lock idiom) and spun on with
 * plain loads, so a waiting CPU does not keep clearing the holder's lock
 * flag.  acquire() raises the IPL to 7 with swpipl, as the OSF/1 kernel
 * does around short paths, so no interrupt on this CPU can come in
 * while it holds a lock; the IPL before the outermost lock is restored
 * by the matching release (xv6's push_off/pop_off, with the IPL in
 * place of the interrupt-enable flag).
 *
 * The big kernel lock serialises system calls and user faults.  It is
 * taken at the caller's IPL (0 for a system call), so clock and IPI
 * interrupts still come in while a CPU holds it or waits for it; the
 * scheduler drops it while a process sleeps (sched.c).
 */
#include "minios/defs.h"

struct spinlock kernel_big = { .name = "kernel", .cpu = -1 };

/* One try: true when this CPU set the lock word from 0 to 1. */
static bool try_lock(volatile uint64_t *w)
{
	uint64_t t;
	__asm__ volatile(
		"1:	ldq_l	%0, %1\n"
		"	bne	%0, 2f\n"
		"	lda	%0, 1($31)\n"
		"	stq_c	%0, %1\n"
		"	beq	%0, 3f\n"
		"	mb\n"
		"	br	$31, 4f\n"
		"3:	br	$31, 1b\n"          /* STQ_C failed: forward branch */
		"2:	mov	$31, %0\n"
		"4:\n"
		: "=&r"(t), "+m"(*w) :: "memory");
	return t != 0;
}

/* Spin until the lock is ours; a lock held far longer than any kernel
 * path takes is a deadlock, and a panic names its holder. */
static void take(struct spinlock *lk)
{
	for (uint64_t n = 0; !try_lock(&lk->locked); )
		while (lk->locked)
			if (++n == (1ul << 26))
				panic("spin lock %s held too long by cpu %d", lk->name,
				      lk->cpu);
	lk->cpu = cpuid();
}

static void give(struct spinlock *lk)
{
	lk->cpu = -1;
	__asm__ volatile("mb" ::: "memory");
	lk->locked = 0;
}

bool holding(struct spinlock *lk)
{
	return lk->locked && lk->cpu == cpuid();
}

void ipl_raise(void)
{
	uint64_t old = swpipl(IPL_HIGH);
	struct cpu *c = mycpu();
	if (c->noff++ == 0)
		c->ipl = old;
}

void ipl_lower(void)
{
	struct cpu *c = mycpu();
	if (c->noff < 1 || (rdps() & PS_IPL) != IPL_HIGH)
		panic("ipl_lower: not raised");
	if (--c->noff == 0)
		swpipl(c->ipl);
}

void acquire(struct spinlock *lk)
{
	ipl_raise();
	if (holding(lk))
		panic("acquire: %s already held", lk->name);
	take(lk);
}

void release(struct spinlock *lk)
{
	if (!holding(lk))
		panic("release: %s not held", lk->name);
	give(lk);
	ipl_lower();
}

void kernel_lock(void)
{
	if (holding(&kernel_big))
		panic("kernel_lock: already held");
	take(&kernel_big);
}

void kernel_unlock(void)
{
	if (!holding(&kernel_big))
		panic("kernel_unlock: not held");
	give(&kernel_big);
}

bool kernel_held(void) { return holding(&kernel_big); }
