/*
 * ctl_jump.c - unconditional branches and jumps (Alpha Architecture
 * Reference Manual, 4th ed., 4.3.3-4.3.4 BR/BSR, 4.3.6 JMP/JSR/RET/
 * JSR_COROUTINE): the link register gets the updated PC; Ra = R31 keeps
 * no link; a jump goes to Rb with bits 1:0 cleared, whatever the hint in
 * bits 13:0 and whatever bits 1:0 of Rb; Ra = Rb jumps to the old value.
 * Results are link and target addresses relative to an anchor found with
 * BR, so that they do not depend on where the program is loaded.
 */
#include "conform.h"

/*
 * JUMP(fn, type, hint, ra): the jump is a .long with Rb = $2 holding
 * label 3 plus low (0..3), the anchor (label 1) in $3.  Label 2 follows
 * the jump and must be skipped.  o[0] = link - anchor (0 for Ra = R31),
 * o[1] = 1 if label 2 ran.
 */
#define LINK_31 "bis $31, $31, $4"
#define LINK_R(r) "subq " r ", $3, $4"
#define JUMP(fn, type, hint, ra, link)                                      \
	static void fn(uint64_t low, uint64_t *o)                           \
	{                                                                   \
		register uint64_t l2 __asm__("$2") = low;                   \
		__asm__ volatile("br $3, 1f\n"                              \
		        "1:\taddq $3, $2, $2\n\t"                           \
		        "lda $2, 3f - 1b($2)\n\t"                           \
		        "bis $31, $31, $1\n\t"                              \
		        "bis $31, $31, $5\n\t"                              \
		        ".long (0x1a << 26) | (" #ra " << 21) | (2 << 16) | " \
		        "(" #type " << 14) | " #hint "\n"                   \
		        "2:\tbis $31, 1, $5\n"                              \
		        "3:\t" link "\n\t"                                  \
		        "stq $4, 0(%1)\n\tstq $5, 8(%1)"                   \
		        : "+r"(l2) : "r"(o) : "$1", "$3", "$4", "$5", "memory"); \
	}

/* Every type (JMP JSR RET JSR_COROUTINE) with hints 0, 0x2aaa, 0x3fff,
 * and Ra = $1, Ra = Rb = $2, Ra = R31. */
#define HINTS(X, t, tn) X(t, tn, 0) X(t, tn, 0x2aaa) X(t, tn, 0x3fff)
#define TYPES(X) HINTS(X, 0, jmp) HINTS(X, 1, jsr) HINTS(X, 2, ret) HINTS(X, 3, jcr)
#define DEF(t, tn, h)                                                       \
	JUMP(tn##_##h##_r1, t, h, 1, LINK_R("$1"))                          \
	JUMP(tn##_##h##_same, t, h, 2, LINK_R("$2"))                        \
	JUMP(tn##_##h##_r31, t, h, 31, LINK_31)
TYPES(DEF)

typedef void (*jfn)(uint64_t, uint64_t *);
static const struct {
	const char *name, *hint;
	jfn fn[3];
} jumps[] = {
#define ENT(t, tn, h) { #tn, #h, { tn##_##h##_r1, tn##_##h##_same, tn##_##h##_r31 } },
	TYPES(ENT)
};
static const char *const jforms[3] = { "ra", "ra=rb", "ra31" };

/* BR and BSR, forward and backward, with Ra = $1 and Ra = R31:
 * o[0] = link - anchor, o[1] = 1 if the skipped instruction ran. */
#define BRANCH(fn, insn, ra, link)                                          \
	static void fn##_fwd(uint64_t *o)                                   \
	{                                                                   \
		__asm__ volatile("br $3, 1f\n1:\tbis $31, $31, $1\n\t"      \
		        "bis $31, $31, $5\n\t" insn " " ra ", 3f\n"         \
		        "2:\tbis $31, 1, $5\n3:\t" link "\n\t"              \
		        "stq $4, 0(%0)\n\tstq $5, 8(%0)"                   \
		        : : "r"(o) : "$1", "$3", "$4", "$5", "memory");     \
	}                                                                   \
	static void fn##_back(uint64_t *o)                                  \
	{                                                                   \
		__asm__ volatile("br $3, 1f\n1:\tbis $31, $31, $1\n\t"      \
		        "bis $31, $31, $5\n\tbr 4f\n"                       \
		        "3:\t" link "\n\tbr 5f\n"                           \
		        "4:\t" insn " " ra ", 3b\n\tbis $31, 1, $5\n"       \
		        "5:\tstq $4, 0(%0)\n\tstq $5, 8(%0)"               \
		        : : "r"(o) : "$1", "$3", "$4", "$5", "memory");     \
	}
BRANCH(br_r1, "br", "$1", LINK_R("$1"))
BRANCH(br_r31, "br", "$31", LINK_31)
BRANCH(bsr_r1, "bsr", "$1", LINK_R("$1"))
BRANCH(bsr_r31, "bsr", "$31", LINK_31)

static const struct {
	const char *name, *form;
	void (*fn)(uint64_t *);
} branches[] = {
	{ "br", "ra fwd", br_r1_fwd }, { "br", "ra back", br_r1_back },
	{ "br", "ra31 fwd", br_r31_fwd }, { "br", "ra31 back", br_r31_back },
	{ "bsr", "ra fwd", bsr_r1_fwd }, { "bsr", "ra back", bsr_r1_back },
	{ "bsr", "ra31 fwd", bsr_r31_fwd }, { "bsr", "ra31 back", bsr_r31_back },
};

int main(void)
{
	uint64_t o[2];
	for (unsigned i = 0; i < N_OF(branches); i++) {
		branches[i].fn(o);
		tio_printf("%s %s: link %d skipped %s\n", branches[i].name,
		           branches[i].form, (int)o[0], o[1] ? "ran" : "ok");
		conform_values++;
	}
	for (unsigned i = 0; i < N_OF(jumps); i++)
		for (unsigned f = 0; f < 3; f++)
			for (uint64_t low = 0; low < 4; low++) {
				jumps[i].fn[f](low, o);
				tio_printf("%s hint %s %s low %d: link %d skipped %s\n",
				           jumps[i].name, jumps[i].hint, jforms[f],
				           (int)low, (int)o[0], o[1] ? "ran" : "ok");
				conform_values++;
			}
	return conform_end("ctl_jump");
}
