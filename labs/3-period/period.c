/*
 * period.c - lab 3's guest program: a loop that starts an iteration
 * every L cycles exactly, by the processor's cycle counter (RPCC), so
 * that it is periodic in time whatever the interrupts do to it.  Each
 * iteration does a short piece of work (work(), about 190 cycles of
 * dependent arithmetic) and then spins until the next start.
 *
 * usage: period [L [ITERATIONS]]   (default 256 cycles, 100000)
 */
#include <stdio.h>
#include <stdlib.h>

static inline unsigned cycles(void)
{
	unsigned long c;
	__asm__ volatile("rpcc %0" : "=r"(c));
	return (unsigned)c;                 /* PCC: the low 32 bits count */
}

__attribute__((noinline)) unsigned long work(unsigned long s)
{
	for (int i = 0; i < 10; i++) {
		s = s * 2654435761u + 12345;
		s ^= s >> 13;
		s += s << 5;
	}
	return s;
}

int main(int argc, char **argv)
{
	unsigned period = argc > 1 ? (unsigned)atoi(argv[1]) : 256;
	long n = argc > 2 ? atol(argv[2]) : 100000;
	unsigned long s = 1;
	unsigned next = cycles() + period;
	for (long i = 0; i < n; i++) {
		while ((int)(cycles() - next) < 0)
			;
		next += period;
		s = work(s);
	}
	printf("%lu\n", s & 0xffff);
	return 0;
}
