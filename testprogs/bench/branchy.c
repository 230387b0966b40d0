/*
 * branchy.c - control-heavy benchmark: a tiny bytecode interpreter
 * running a loop program, with data-dependent branches.
 */
#include "tio.h"

enum { PUSH, ADD, SUB, DUP, JNZ, SWAP, DROP, HALT };

static long run(const unsigned char *code, long n)
{
	long stack[16], sp = 0, pc = 0;
	stack[sp++] = 0;        /* acc */
	stack[sp++] = n;        /* counter, on top */
	for (;;) {
		switch (code[pc++]) {
		case PUSH: stack[sp++] = code[pc++]; break;
		case ADD:  sp--; stack[sp - 1] += stack[sp]; break;
		case SUB:  sp--; stack[sp - 1] -= stack[sp]; break;
		case DUP:  stack[sp] = stack[sp - 1]; sp++; break;
		case SWAP: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; break; }
		case DROP: sp--; break;
		case JNZ:  pc = stack[--sp] ? code[pc] : pc + 1; break;
		case HALT: return stack[sp - 1];
		}
	}
}

int main(void)
{
	/* do { acc += 3; } while (--n); return acc; */
	static const unsigned char prog[] = {
		/* 0 */ SWAP, PUSH, 3, ADD, SWAP,   /* acc += 3, counter on top */
		/* 5 */ PUSH, 1, SUB, DUP, JNZ, 0,  /* --counter, loop if nonzero */
		/* 11 */ DROP, HALT,
	};
	long r = run(prog, 1500000);
	tio_printf("branchy: %ld\n", r);
	return 0;
}
