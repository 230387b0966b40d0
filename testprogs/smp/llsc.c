/*
 * llsc.c - LDQ_L/STQ_C across CPUs (ARM 4.2.4-4.2.5; docs/platform.md
 * "SMP"): every CPU adds 1 to one shared counter ITERS times with a
 * load-locked/store-conditional loop, so the counter must end at exactly
 * ncpus x ITERS however the CPUs interleave.  Then two handshakes between
 * CPUs 0 and 1: a plain store by CPU 0 to the block CPU 1 holds locked
 * makes CPU 1's STQ_C fail; a store to another block of the same page
 * does not.  Prints the total and the number of failed STQ_Cs (which
 * depends on the interleaving, so is the same on every run).
 */
#include "smp.h"

#define ITERS 20000

static volatile uint64_t counter __attribute__((aligned(64)));
static volatile uint64_t finished __attribute__((aligned(64)));
static volatile uint64_t failures[RT_MAX_CPUS];
/* the handshake: one page, X and Y in blocks of their own */
static volatile uint64_t hs[1024] __attribute__((aligned(8192)));
enum { X = 0, Y = 4, STEP = 8, RESULT = 12 };

/* Atomically add 1 to *p; returns how many STQ_Cs failed on the way. */
static uint64_t atomic_inc(volatile uint64_t *p)
{
	uint64_t t, fails = 0;
	__asm__ volatile(
		"1:	ldq_l	%0, %2\n"
		"	addq	%0, 1, %0\n"
		"	stq_c	%0, %2\n"
		"	beq	%0, 2f\n"
		"	br	3f\n"
		"2:	addq	%1, 1, %1\n"
		"	br	1b\n"
		"3:\n"
		: "=&r"(t), "+r"(fails), "+m"(*p));
	return fails;
}

static uint64_t load_locked(volatile uint64_t *p)
{
	uint64_t v;
	__asm__ volatile("ldq_l %0, %1" : "=r"(v) : "m"(*p));
	return v;
}

static uint64_t store_cond(volatile uint64_t *p, uint64_t v)
{
	__asm__ volatile("stq_c %0, %1" : "+r"(v), "=m"(*p));
	return v;
}

static void work(unsigned cpu)
{
	uint64_t f = 0;
	for (unsigned i = 0; i < ITERS; i++)
		f += atomic_inc(&counter);
	failures[cpu] = f;
	atomic_inc(&finished);
}

static void wait_step(uint64_t s)
{
	while (hs[STEP] != s)
		;
}

void rt_secondary(unsigned cpu)
{
	work(cpu);
	if (cpu != 1)
		return;
	/* a plain store by CPU 0 to the locked block: STQ_C fails */
	wait_step(1);
	load_locked(&hs[X]);
	hs[STEP] = 2;
	wait_step(3);
	hs[RESULT] = store_cond(&hs[X], 5);
	hs[RESULT + 2] = hs[X];
	/* a store to another block of the page: STQ_C succeeds */
	load_locked(&hs[X]);
	hs[STEP] = 4;
	wait_step(5);
	hs[RESULT + 1] = store_cond(&hs[X], 6);
	hs[STEP] = 6;
}

int main(void)
{
	unsigned n = rt_ncpus();
	work(0);
	while (finished != n)
		;
	check("counter", counter, (uint64_t)n * ITERS);
	uint64_t f = 0;
	for (unsigned i = 0; i < n; i++)
		f += failures[i];
	if (n > 1) {
		hs[STEP] = 1;
		wait_step(2);
		hs[X] = 1;                    /* CPU 1 holds X locked */
		hs[STEP] = 3;
		wait_step(4);
		hs[Y] = 1;                    /* same page, another block */
		hs[STEP] = 5;
		wait_step(6);
		check("STQ_C after another CPU stored the block", hs[RESULT], 0);
		check("the failed STQ_C left CPU 0's value", hs[RESULT + 2], 1);
		check("the second STQ_C stored", hs[X], 6);
		check("STQ_C after a store to another block", hs[RESULT + 1], 1);
	}
	tio_printf("llsc: %u CPUs, counter %lu, failed STQ_C %lu\n", n, counter, f);
	return check_end("llsc");
}
