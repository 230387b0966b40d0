/*
 * exc_opcdec.c - reserved and unimplemented instructions raise OPCDEC
 * (Alpha Architecture Reference Manual, 4th ed., 6.3.3 "Illegal
 * Instruction"; 21164 HRM 5.1): the reserved opcodes 0x01-0x07, VAX
 * floating point (opcode 0x15, ITOFF, and the F/G loads and stores, which
 * alphasim leaves out: docs/isa.md), CALL_PAL functions outside
 * 0x00-0x3F and 0x80-0xBF (ARM 4.12; a privileged one in kernel mode,
 * where these programs run, is legal) and unassigned functions of opcode
 * 0x1C.  OPCDEC is a fault: EXC_ADDR is the instruction itself, in
 * kernel mode (bit 0 clear), and the instruction writes nothing (R3, the
 * destination most of these words name, keeps its value).
 */
#include "exc.h"

#define WORDS(X) \
	X(0x04000000) X(0x08210000) X(0x0c000000) X(0x10000000) \
	X(0x14000000) X(0x18000000) X(0x1fffffff) \
	X(0x54221003) X(0x542214a3) X(0x57ffffff) X(0x503f0283) \
	X(0x80220000) X(0x84220000) X(0x90220000) X(0x94220000) \
	X(0x00000040) X(0x0000007f) X(0x000000c0) X(0x000000ff) \
	X(0x00000100) X(0x03ffffff) \
	X(0x73e20043) X(0x73e205e3) X(0x70220fe3)

/* The word runs after a BR that records its address. */
#define DEF(w)                                                              \
	static uint64_t run_##w(uint64_t *r3)                               \
	{                                                                   \
		uint64_t at;                                                \
		register uint64_t keep __asm__("$3") = *r3;                 \
		__asm__ volatile("br %0, 1f\n1:\t.long " #w                 \
		                 : "=&r"(at), "+r"(keep) : : "memory");     \
		*r3 = keep;                                                 \
		return at;                                                  \
	}
WORDS(DEF)

static const struct {
	const char *id;
	uint64_t (*run)(uint64_t *);
} words[] = {
#define ENT(w) { #w, run_##w },
	WORDS(ENT)
};

int main(void)
{
	for (unsigned i = 0; i < N_OF(words); i++) {
		const uint64_t sentinel = 0x1234567887654321ull;
		uint64_t r3 = sentinel, before = rt_trap.count;
		uint64_t at = words[i].run(&r3);
		exc_expect(words[i].id, before, PAL_OPCDEC);
		exc_check(words[i].id, "EXC_ADDR", rt_trap.exc_addr, at);
		exc_check(words[i].id, "R3", r3, sentinel);
	}
	return exc_end("exc_opcdec");
}
