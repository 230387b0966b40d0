/*
 * trap_basic.c - the trap-catching helper (trap.h) itself: no exception,
 * an integer overflow trap (ARM 4.4, /V; a trap, so the reported PC is
 * the next instruction, ARM 6.3), a reserved opcode (OPCDEC, a fault at
 * the instruction, ARM 6.3.3) and that the snippet is abandoned at its
 * first exception on both sides.
 */
#include "tio.h"
#include "trap.h"

struct snip {
	uint64_t at;            /* address of the instruction under test, - 4 */
	uint64_t after;         /* set by code after it: must stay 0 on a trap */
	uint64_t a, b;
};

static void addqv(void *p)
{
	struct snip *s = p;
	uint64_t r, t;
	__asm__ volatile("br %0, 1f\n1:\tstq %0, %1\n\taddq/v %3, %4, %2"
	                 : "=&r"(t), "=m"(s->at), "=&r"(r)
	                 : "r"(s->a), "r"(s->b));
	s->after = r | 1;
}

static void reserved(void *p)
{
	struct snip *s = p;
	uint64_t r;
	__asm__ volatile("br %0, 1f\n1:\tstq %0, %1\n\t.long 0x04000000"
	                 : "=&r"(r), "=m"(s->at));
	s->after = 1;
}

static const struct {
	const char *name;
	void (*fn)(void *);
	uint64_t a, b;
} cases[] = {
	{ "addq/v no overflow", addqv, 1, 2 },
	{ "addq/v overflow", addqv, 0x7fffffffffffffffull, 1 },
	{ "opcode 0x01", reserved, 0, 0 },
	{ "addq/v again", addqv, 0x8000000000000000ull, 0x8000000000000000ull },
};

int main(void)
{
	int bad = 0;
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct snip s = { .a = cases[i].a, .b = cases[i].b };
		struct trap_info t;
		int hit = trap_run(cases[i].fn, &s, &t);
		tio_printf("%s: %s", cases[i].name, trap_class_name(t.cls));
		if (hit)
			tio_printf(" pc=+%d after=%d", (int)(t.pc - s.at - 4),
			           (int)s.after);
		if (t.sum_known && t.cls == TRAP_ARITH && !(t.sum & TRAP_IOV)) {
			tio_printf(" (summary %x lacks IOV)", t.sum);
			bad = 1;
		}
		tio_printf("\n");
	}
	return bad;
}
