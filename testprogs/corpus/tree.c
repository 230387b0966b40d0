/* tree.c - linked structures on the heap: a binary search tree with
 * insertions and deletions, in-order traversal, and a doubly linked
 * list spliced and reversed; every node is freed at the end. */
#include <stdlib.h>
#include "corpus.h"

struct node { long key; struct node *l, *r; };
struct item { int v; struct item *prev, *next; };

static long nodes;

static struct node *insert(struct node *t, long k)
{
	if (!t) {
		t = calloc(1, sizeof *t);
		t->key = k;
		nodes++;
	} else if (k < t->key)
		t->l = insert(t->l, k);
	else if (k > t->key)
		t->r = insert(t->r, k);
	return t;
}
static struct node *delete(struct node *t, long k)
{
	if (!t)
		return NULL;
	if (k < t->key)
		t->l = delete(t->l, k);
	else if (k > t->key)
		t->r = delete(t->r, k);
	else if (t->l && t->r) {
		struct node *m = t->r;
		while (m->l)
			m = m->l;
		t->key = m->key;
		t->r = delete(t->r, m->key);
	} else {
		struct node *c = t->l ? t->l : t->r;
		free(t);
		nodes--;
		return c;
	}
	return t;
}
static void walk(const struct node *t, uint64_t *h, long *prev, int *ordered, int *depth, int d)
{
	if (!t)
		return;
	if (d > *depth)
		*depth = d;
	walk(t->l, h, prev, ordered, depth, d + 1);
	*ordered &= t->key > *prev;
	*prev = t->key;
	*h = fnv(*h, &t->key, sizeof t->key);
	walk(t->r, h, prev, ordered, depth, d + 1);
}
static void destroy(struct node *t)
{
	if (t) {
		destroy(t->l);
		destroy(t->r);
		free(t);
		nodes--;
	}
}

int main(void)
{
	struct node *t = NULL;
	uint64_t s = 2024;
	for (int i = 0; i < 20000; i++)
		t = insert(t, (long)(rnd(&s) % 50000));
	long after_insert = nodes;
	for (int i = 0; i < 10000; i++)
		t = delete(t, (long)(rnd(&s) % 50000));
	uint64_t h = FNV_INIT;
	long prev = -1;
	int ordered = 1, depth = 0;
	walk(t, &h, &prev, &ordered, &depth, 1);
	printf("tree: %ld after inserts, %ld after deletes, depth %d, ordered %d, hash %016llx\n",
	       after_insert, nodes, depth, ordered, (unsigned long long)h);
	CHECK(ordered);
	destroy(t);
	CHECK(nodes == 0);

	/* doubly linked list 0..999; remove multiples of 3, reverse */
	struct item *head = NULL, *tail = NULL;
	for (int i = 0; i < 1000; i++) {
		struct item *it = malloc(sizeof *it);
		*it = (struct item){ i, tail, NULL };
		if (tail)
			tail->next = it;
		else
			head = it;
		tail = it;
	}
	for (struct item *it = head, *nx; it; it = nx) {
		nx = it->next;
		if (it->v % 3)
			continue;
		*(it->prev ? &it->prev->next : &head) = it->next;
		*(it->next ? &it->next->prev : &tail) = it->prev;
		free(it);
	}
	for (struct item *it = head, *nx; it; it = nx) {
		nx = it->next;
		it->next = it->prev;
		it->prev = nx;
	}
	struct item *tmp = head;
	head = tail;
	tail = tmp;
	long count = 0, sum = 0;
	int first = head->v, desc = 1;
	for (struct item *it = head, *nx; it; it = nx) {
		nx = it->next;
		desc &= !nx || nx->v < it->v;
		count++;
		sum += it->v;
		free(it);
	}
	printf("list: %ld items, first %d, sum %ld, descending %d\n", count, first, sum, desc);
	CHECK(count == 666 && desc);
	return corpus_done("tree");
}
