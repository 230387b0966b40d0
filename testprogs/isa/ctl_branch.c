/*
 * ctl_branch.c - conditional branches (Alpha Architecture Reference
 * Manual, 4th ed., 4.3.1-4.3.2): BEQ BNE BLT BLE BGT BGE BLBC BLBS on
 * every edge value and random ones, each with a short forward and a
 * short backward displacement and with Ra = R31; BEQ and BNE also with a
 * long (256 KB, beyond 16 bits) forward and backward one (the decoding
 * of the displacement is common to all branches).  Each result is
 * whether the branch was taken.
 */
#include "conform.h"

/* Forward: r = 1, then the branch skips the instruction that clears it. */
#define FWD(insn, ra)                                                       \
	"bis $31, 1, %0\n\t" insn " " ra ", 1f\n\tbis $31, $31, %0\n1:"
/* Backward: jump past a taken-path stub, branch back to it. */
#define BACK(insn, ra)                                                      \
	"br 2f\n1:\tbis $31, 1, %0\n\tbr 3f\n2:\tbis $31, $31, %0\n\t"      \
	insn " " ra ", 1b\n3:"
/* Far: the same across .skip of 256 KB. */
#define FARFWD(insn, ra)                                                    \
	"bis $31, 1, %0\n\t" insn " " ra ", 1f\n\tbis $31, $31, %0\n\t"     \
	"br 1f\n\t.skip 0x40000\n1:"
#define FARBACK(insn, ra)                                                   \
	"br 2f\n1:\tbis $31, 1, %0\n\tbr 3f\n\t.skip 0x40000\n"             \
	"2:\tbis $31, $31, %0\n\t" insn " " ra ", 1b\n3:"

#define SNIP(fn, form, insn, ra)                                            \
	static uint64_t fn(uint64_t a)                                      \
	{ uint64_t r; (void)a;                                              \
	  __asm__ volatile(form(insn, ra) : "=&r"(r) : "r"(a)); return r; }
#define NEAR(id)                                                            \
	SNIP(id##_fwd, FWD, #id, "%1") SNIP(id##_back, BACK, #id, "%1")     \
	SNIP(id##_r31, FWD, #id, "$31")
#define FAR(id) SNIP(id##_farfwd, FARFWD, #id, "%1") SNIP(id##_farback, FARBACK, #id, "%1")

#define OPS(X) X(beq) X(bne) X(blt) X(ble) X(bgt) X(bge) X(blbc) X(blbs)
OPS(NEAR)
FAR(beq)
FAR(bne)

typedef uint64_t (*br_fn)(uint64_t);
static const struct {
	const char *name, *form;
	br_fn fn;
} ops[] = {
#define ENT(id) { #id, "fwd", id##_fwd }, { #id, "back", id##_back }, \
	{ #id, "ra31", id##_r31 },
	OPS(ENT)
	{ "beq", "farfwd", beq_farfwd }, { "beq", "farback", beq_farback },
	{ "bne", "farfwd", bne_farfwd }, { "bne", "farback", bne_farback },
};

int main(void)
{
	static uint64_t vals[N_OF(edges) + 4096];
	for (unsigned i = 0; i < N_OF(vals); i++)
		vals[i] = i < N_OF(edges) ? edges[i] : rng_val();
	for (unsigned o = 0; o < N_OF(ops); o++) {
		struct acc a = { 0 };
		unsigned long taken = 0;
		for (unsigned i = 0; i < N_OF(vals); i++) {
			uint64_t t = ops[o].fn(vals[i]);
			acc_add(&a, t);
			taken += t;
		}
		report(ops[o].name, ops[o].form, 0, &a);
		tio_printf("%s %s: taken %lu of %u\n", ops[o].name,
		           ops[o].form, taken, (unsigned)N_OF(vals));
	}
	return conform_end("ctl_branch");
}
