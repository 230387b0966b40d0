/*
 * libcwork.c - a program that spends most of its time inside libc, for
 * tests/dcpid_guest.sh: built dynamically, libc's samples must land in
 * libc.so.6.1's profile, not the program's.  Usage: libcwork ROUNDS
 * STATUS: ROUNDS passes of memset, memcpy, strlen and memchr over 64 KB,
 * then the checksum on stdout and exit STATUS (a negative STATUS: raise
 * that signal instead, to check that dcpid passes 128 + it on).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char a[65536], b[65536];

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: libcwork ROUNDS STATUS\n");
		return 2;
	}
	long rounds = atol(argv[1]), status = atol(argv[2]);
	unsigned long sum = 0;
	for (long r = 0; r < rounds; r++) {
		memset(a, 'a' + (int)(r % 26), sizeof a - 1);
		memcpy(b, a, sizeof b);
		sum += strlen(b);
		b[(r * 977) % (sizeof b - 1)] = 'Z';
		sum += (unsigned long)((char *)memchr(b, 'Z', sizeof b) - b);
	}
	printf("libcwork: %ld rounds, checksum %lu\n", rounds, sum);
	fflush(stdout);
	if (status < 0)
		raise((int)-status);
	return (int)status;
}
