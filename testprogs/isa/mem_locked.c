/*
 * mem_locked.c - load-locked and store-conditional in one thread (Alpha
 * Architecture Reference Manual, 4th ed., 4.2.4 LDx_L, 4.2.5 STx_C):
 * success stores and returns 1; a second STx_C without a new LDx_L
 * fails, returns 0 and leaves memory alone; LDL_L sign-extends and
 * STL_C writes only the low longword; a newer LDx_L moves the lock;
 * an exception between them clears the lock; and a retry loop.
 * Sequences whose outcome the manual leaves UNPREDICTABLE are not run:
 * a STx_C to another block or after an ordinary store to the locked
 * block, and LDx_L or STx_C with Ra = R31 (ARM 3.1.2: whether an
 * instruction with R31 as destination changes its other destinations,
 * here the lock flag or memory, is UNPREDICTABLE).
 */
#include "conform.h"

static uint64_t cell[4];        /* two locked blocks of 16 bytes */

/* ldq_l then stq_c v: *loaded, the status, and memory in cell[]. */
static uint64_t q_pair(uint64_t *p, uint64_t v, uint64_t *st)
{
	uint64_t r;
	__asm__ volatile("ldq_l %0, 0(%2)\n\tstq_c %1, 0(%2)"
	                 : "=&r"(r), "+r"(v) : "r"(p) : "memory");
	*st = v;
	return r;
}

static uint64_t l_pair(uint64_t *p, uint64_t v, uint64_t *st)
{
	uint64_t r;
	__asm__ volatile("ldl_l %0, 4(%2)\n\tstl_c %1, 4(%2)"
	                 : "=&r"(r), "+r"(v) : "r"(p) : "memory");
	*st = v;
	return r;
}

/* stq_c alone, after a pair completed */
static uint64_t q_again(uint64_t *p, uint64_t v, uint64_t *st)
{
	uint64_t r;
	__asm__ volatile("ldq_l %0, 0(%2)\n\tstq_c %0, 0(%2)\n\t"
	                 "stq_c %1, 0(%2)"
	                 : "=&r"(r), "+r"(v) : "r"(p) : "memory");
	*st = v;
	return r;
}

/* ldq_l of the other block, then of this one: stq_c here succeeds */
static uint64_t q_moved(uint64_t *p, uint64_t v, uint64_t *st)
{
	uint64_t r, t;
	__asm__ volatile("ldq_l %1, 16(%3)\n\tldq_l %0, 0(%3)\n\t"
	                 "stq_c %2, 0(%3)"
	                 : "=&r"(r), "=&r"(t), "+r"(v) : "r"(p) : "memory");
	*st = v;
	return r + t;
}

/* An exception between them: trap_run abandons the snippet at the
 * reserved opcode, so the caller's stq_c comes after the exception. */
static void locked_then_fault(void *p)
{
	uint64_t r;
	__asm__ volatile("ldq_l %0, 0(%1)\n\t.long 0x04000000"
	                 : "=&r"(r) : "r"(p) : "memory");
}

static uint64_t q_fault(uint64_t *p, uint64_t v, uint64_t *st)
{
	trap_run(locked_then_fault, p, NULL);
	__asm__ volatile("stq_c %0, 0(%1)" : "+r"(v) : "r"(p) : "memory");
	*st = v;
	return 0;
}

static const struct {
	const char *name;
	uint64_t (*fn)(uint64_t *p, uint64_t v, uint64_t *st);
} seqs[] = {
	{ "ldq_l/stq_c", q_pair }, { "ldl_l/stl_c", l_pair },
	{ "stq_c-unlocked", q_again }, { "lock-moved", q_moved },
	{ "exception-between", q_fault },
};

/* An atomic add done the usual way, retrying until STQ_C succeeds. */
static uint64_t atomic_add(uint64_t *p, uint64_t n)
{
	uint64_t t, tries = 0;
	__asm__ volatile("1:\tldq_l %0, 0(%2)\n\taddq %1, 1, %1\n\t"
	                 "addq %0, %3, %0\n\tstq_c %0, 0(%2)\n\t"
	                 "beq %0, 1b"
	                 : "=&r"(t), "+r"(tries) : "r"(p), "r"(n) : "memory");
	return tries;
}

int main(void)
{
	for (unsigned s = 0; s < N_OF(seqs); s++) {
		struct acc a = { 0 };
		unsigned long ok = 0;
		for (unsigned i = 0; i < N_OF(edges); i++)
			for (unsigned j = 0; j < N_OF(edges); j += 7) {
				uint64_t st;
				cell[0] = edges[i];
				cell[1] = ~edges[i];
				cell[2] = edges[j] ^ 0x5555;
				cell[3] = ~edges[j];
				acc_add(&a, seqs[s].fn(cell, edges[j], &st));
				acc_add(&a, st);
				for (unsigned k = 0; k < 4; k++)
					acc_add(&a, cell[k]);
				ok += st == 1;
			}
		report(seqs[s].name, "seq", 0, &a);
		tio_printf("%s: %lu stores succeeded\n", seqs[s].name, ok);
	}
	cell[0] = 0;
	uint64_t tries = 0;
	for (unsigned i = 0; i < 1000; i++)
		tries += atomic_add(cell, i);
	tio_printf("atomic add: sum %lu, %lu tries\n", cell[0], tries);
	return conform_end("mem_locked");
}
