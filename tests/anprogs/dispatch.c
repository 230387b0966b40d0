/*
 * dispatch.c - test_image's and tests/andispatch.sh's interpreters, built
 * as a user builds a program (alpha-linux-gnu-gcc -O2, dynamic): a switch
 * on the low byte of a 32-bit instruction word (GCC's jump table of
 * gp-relative entries, its address formed before the loop) and Lua 5.4's
 * computed goto through a static table of label addresses (64-bit
 * entries, each handler ending in a dispatch of its own).  Both run the
 * same loop: r0 += 3 while --r1.
 */
#include <stdio.h>
#include <stdlib.h>

#define I(op, a, b, k) ((unsigned)(op) | (a) << 8 | (b) << 10 | (unsigned)(k) << 12)

__attribute__((noinline)) long run_switch(const unsigned *code, long n)
{
	long r[4] = { 0, n, 0, 0 };
	unsigned pc = 0;
	for (;;) {
		unsigned i = code[pc++];
		unsigned a = (i >> 8) & 3, b = (i >> 10) & 3;
		switch (i & 0xff) {
		case 0: r[a] = i >> 12; break;
		case 1: r[a] += r[b]; break;
		case 2: r[a] -= r[b]; break;
		case 3: r[a] = r[b]; break;
		case 4: if (r[a]) pc = i >> 12; break;
		case 5: r[a] ^= r[b]; break;
		case 6: r[a] <<= 1; break;
		case 7: r[a] >>= 1; break;
		case 8: r[a] *= 3; break;
		case 9: r[a] |= r[b]; break;
		case 10: r[a] &= r[b]; break;
		case 11: r[a] = -r[a]; break;
		case 12: return r[a];
		default: abort();
		}
	}
}

enum { PUSH, ADD, SUB, DUP, JNZ, SWAP, DROP, HALT, NOPS };

__attribute__((noinline)) long run_goto(const unsigned char *code, long n)
{
	static const void *const disptab[NOPS] = { &&l_push, &&l_add, &&l_sub, &&l_dup,
		&&l_jnz, &&l_swap, &&l_drop, &&l_halt };
	long stack[16], sp = 0, pc = 0;
	stack[sp++] = 0;
	stack[sp++] = n;
#define NEXT goto *disptab[code[pc++] & 7]
	NEXT;
l_push: stack[sp++] = code[pc++]; NEXT;
l_add:  sp--; stack[sp - 1] += stack[sp]; NEXT;
l_sub:  sp--; stack[sp - 1] -= stack[sp]; NEXT;
l_dup:  stack[sp] = stack[sp - 1]; sp++; NEXT;
l_swap: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; NEXT; }
l_drop: sp--; NEXT;
l_jnz:  pc = stack[--sp] ? code[pc] : pc + 1; NEXT;
l_halt: return stack[sp - 1];
}

int main(int argc, char **argv)
{
	static const unsigned wprog[] = {
		I(0, 2, 0, 3), I(0, 3, 0, 1),
		I(1, 0, 2, 0), I(2, 1, 3, 0), I(4, 1, 0, 2), I(12, 0, 0, 0),
	};
	static const unsigned char bprog[] = {
		SWAP, PUSH, 3, ADD, SWAP, PUSH, 1, SUB, DUP, JNZ, 0, DROP, HALT,
	};
	long n = argc > 1 ? atol(argv[1]) : 100;
	printf("%ld %ld\n", run_switch(wprog, n), run_goto(bprog, n));
	return 0;
}
