/*
 * chase.c - a linked-list traversal as a user writes one: nodes
 * allocated one by one and linked in a shuffled order, the list walked
 * again and again summing a field.  The list (NODES nodes of 32 bytes)
 * is larger than the S-cache and spans more pages than the DTB holds,
 * so each step waits for a D-cache miss and often for a DTB fill
 * (docs/analysis.md, "Issue groups").
 *
 *   chase [ROUNDS [NODES]]     defaults 40 and 65536
 */
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	long value;
	long pad[2];
};

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 40;
	long n = argc > 2 ? atol(argv[2]) : 65536;
	if (rounds < 1 || n < 2) {
		fprintf(stderr, "usage: chase [ROUNDS [NODES]]\n");
		return 2;
	}
	struct node **v = malloc(n * sizeof *v);
	if (!v)
		return 1;
	for (long i = 0; i < n; i++) {
		v[i] = malloc(sizeof **v);
		if (!v[i])
			return 1;
		v[i]->value = i;
	}
	unsigned long x = 88172645463325252UL;
	for (long i = n - 1; i > 0; i--) {        /* Fisher-Yates */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		long j = (long)(x % (unsigned long)(i + 1));
		struct node *t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
	for (long i = 0; i < n; i++)               /* a ring */
		v[i]->next = v[(i + 1) % n];
	struct node *p = v[0];
	free(v);

	long sum = 0, steps = rounds * n;
	for (long i = 0; i < steps; i++) {
		sum += p->value;
		p = p->next;
	}
	printf("chase: %ld\n", sum);
	return 0;
}
