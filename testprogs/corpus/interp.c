/* interp.c - a small interpreter: a recursive-descent compiler for an
 * expression-and-loop language emits code for a stack machine, which
 * then runs built-in programs (primes, Collatz, gcd, Fibonacci). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "corpus.h"

/* Stack machine operations. */
#define OPS(X) X(PUSH) X(LOAD) X(STORE) X(ADD) X(SUB) X(MUL) X(DIV) X(MOD) \
	X(LT) X(EQ) X(JMP) X(JZ) X(PRINT) X(HALT)
enum op {
#define X(o) o,
	OPS(X)
#undef X
};
static const char *op_name[] = {
#define X(o) #o,
	OPS(X)
#undef X
};

struct insn { enum op op; long arg; };
static struct insn code[1024];
static int ncode;
static const char *src;

static int emit(enum op op, long arg) { code[ncode] = (struct insn){ op, arg }; return ncode++; }
static void skip(void) { while (isspace((unsigned char)*src)) src++; }
static int accept(const char *tok)
{
	skip();
	size_t n = strlen(tok);
	if (strncmp(src, tok, n))
		return 0;
	src += n;
	return 1;
}
static void expect(const char *tok)
{
	if (!accept(tok)) {
		printf("syntax error: expected '%s' at '%.10s'\n", tok, src);
		exit(2);
	}
}

static void expr(void);
static void primary(void)
{
	skip();
	if (isdigit((unsigned char)*src))
		emit(PUSH, strtol(src, (char **)&src, 10));
	else if (islower((unsigned char)*src))
		emit(LOAD, *src++ - 'a');
	else {
		expect("(");
		expr();
		expect(")");
	}
}
static void term(void)
{
	primary();
	for (;;) {
		if (accept("*")) { primary(); emit(MUL, 0); }
		else if (accept("/")) { primary(); emit(DIV, 0); }
		else if (accept("%")) { primary(); emit(MOD, 0); }
		else return;
	}
}
static void sum(void)
{
	term();
	for (;;) {
		if (accept("+")) { term(); emit(ADD, 0); }
		else if (accept("-")) { term(); emit(SUB, 0); }
		else return;
	}
}
static void expr(void)
{
	sum();
	if (accept("<")) { sum(); emit(LT, 0); }
	else if (accept("==")) { sum(); emit(EQ, 0); }
}
/* statement: v = e; | print e; | while e { ... } | if e { ... } */
static void block(void);
static void statement(void)
{
	if (accept("print")) {
		expr();
		emit(PRINT, 0);
	} else if (accept("while")) {
		int top = ncode;
		expr();
		int jz = emit(JZ, 0);
		block();
		emit(JMP, top);
		code[jz].arg = ncode;
		return;
	} else if (accept("if")) {
		expr();
		int jz = emit(JZ, 0);
		block();
		code[jz].arg = ncode;
		return;
	} else {
		skip();
		int v = *src++ - 'a';
		expect("=");
		expr();
		emit(STORE, v);
	}
	expect(";");
}
static void block(void)
{
	expect("{");
	while (!accept("}"))
		statement();
}

static long run(long *steps)
{
	long stack[64], var[26] = { 0 }, sum = 0;
	int sp = 0;
	for (int pc = 0;; (*steps)++) {
		struct insn in = code[pc++];
		switch (in.op) {
		case PUSH: stack[sp++] = in.arg; break;
		case LOAD: stack[sp++] = var[in.arg]; break;
		case STORE: var[in.arg] = stack[--sp]; break;
		case ADD: sp--; stack[sp - 1] += stack[sp]; break;
		case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
		case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
		case DIV: sp--; stack[sp - 1] /= stack[sp]; break;
		case MOD: sp--; stack[sp - 1] %= stack[sp]; break;
		case LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
		case EQ: sp--; stack[sp - 1] = stack[sp - 1] == stack[sp]; break;
		case JMP: pc = (int)in.arg; break;
		case JZ: if (!stack[--sp]) pc = (int)in.arg; break;
		case PRINT: printf(" %ld", stack[--sp]); sum += stack[sp]; break;
		case HALT: return sum;
		}
	}
}

static const struct { const char *name, *text; } progs[] = {
	{ "primes<200", "n = 2; while n < 200 { d = 2; p = 1; while d * d < n + 1 { if n % d == 0 { p = 0; } d = d + 1; } if p { print n; } n = n + 1; }" },
	{ "collatz(27) steps", "n = 27; s = 0; while 1 < n { if n % 2 == 0 { n = n / 2; } if n % 2 == 1 { if 1 < n { n = 3 * n + 1; } } s = s + 1; } print s;" },
	{ "gcd pairs", "a = 1071; b = 462; while 0 < b { t = b; b = a % b; a = t; } print a; a = 832040; b = 514229; while 0 < b { t = b; b = a % b; a = t; } print a;" },
	{ "fib 1..40", "a = 0; b = 1; i = 0; while i < 40 { if i % 8 == 0 { print a; } t = a + b; a = b; b = t; i = i + 1; } print a;" },
	{ "sum of squares", "i = 0; s = 0; while i < 20000 { s = s + i * i % 1000; i = i + 1; } print s;" },
};

int main(void)
{
	for (size_t p = 0; p < sizeof progs / sizeof progs[0]; p++) {
		ncode = 0;
		src = progs[p].text;
		while (*(skip(), src))
			statement();
		emit(HALT, 0);
		long steps = 0;
		printf("%s:", progs[p].name);
		long s = run(&steps);
		printf("\n  %d insns, %ld steps, printed sum %ld\n", ncode, steps, s);
	}
	printf("last program's first insns: %s %s %s\n", op_name[code[0].op], op_name[code[1].op],
	       op_name[code[2].op]);
	return corpus_done("interp");
}
