/* qsort.c - qsort of integers, strings and records (a stable order by
 * key then index), and bsearch for present and absent keys. */
#include <stdlib.h>
#include <string.h>
#include "corpus.h"

struct rec { int key, idx; };

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}
static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	if (x->key != y->key)
		return (x->key > y->key) - (x->key < y->key);
	return (x->idx > y->idx) - (x->idx < y->idx);
}

#define N 20000
static int v[N];
static struct rec r[N];

int main(void)
{
	uint64_t s = 7;
	for (int i = 0; i < N; i++)
		v[i] = (int)(rnd(&s) % 100000) - 50000;
	qsort(v, N, sizeof v[0], cmp_int);
	int sorted = 1;
	for (int i = 1; i < N; i++)
		sorted &= v[i - 1] <= v[i];
	printf("ints: sorted %d min %d median %d max %d hash %016llx\n", sorted, v[0], v[N / 2],
	       v[N - 1], (unsigned long long)fnv(FNV_INIT, v, sizeof v));
	CHECK(sorted);
	int found = 0, absent = 0;
	for (int k = -50000; k < 50000; k += 97) {
		int *p = bsearch(&k, v, N, sizeof v[0], cmp_int);
		if (p) {
			found++;
			CHECK(*p == k);
		} else
			absent++;
	}
	printf("bsearch: found %d absent %d\n", found, absent);

	static const char *words[] = { "pear", "apple", "fig", "banana", "cherry", "date",
				       "elderberry", "grape", "kiwi", "lemon", "apple", "mango" };
	size_t nw = sizeof words / sizeof words[0];
	const char *w[sizeof words / sizeof words[0]];
	memcpy(w, words, sizeof words);
	qsort(w, nw, sizeof w[0], cmp_str);
	for (size_t i = 0; i < nw; i++)
		printf("%s%c", w[i], i + 1 < nw ? ' ' : '\n');
	const char *key = "kiwi";
	const char **hit = bsearch(&key, w, nw, sizeof w[0], cmp_str);
	printf("bsearch kiwi at %td\n", hit ? hit - w : -1);

	for (int i = 0; i < N; i++)
		r[i] = (struct rec){ (int)(rnd(&s) % 50), i };
	qsort(r, N, sizeof r[0], cmp_rec);
	int ok = 1;
	for (int i = 1; i < N; i++)
		ok &= r[i - 1].key < r[i].key || (r[i - 1].key == r[i].key && r[i - 1].idx < r[i].idx);
	printf("records: ordered %d first (%d,%d) last (%d,%d)\n", ok, r[0].key, r[0].idx,
	       r[N - 1].key, r[N - 1].idx);
	CHECK(ok);
	return corpus_done("qsort");
}
