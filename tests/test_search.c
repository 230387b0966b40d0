/*
 * test_search.c - unit tests of util/search.c's binary searches against a
 * linear scan: random sorted arrays of records with repeated keys, keys
 * at both ends of the range (0, UINT64_MAX), and searched keys at, just
 * below and just above each key.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "testprogs/lib/xorshift.h"
#include "util/search.h"

struct rec {
	char tag;             /* the key is not at the start */
	uint64_t key;
};

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) { return xorshift64(&rng); }

static int by_key(const void *a, const void *b)
{
	uint64_t x = ((const struct rec *)a)->key, y = ((const struct rec *)b)->key;
	return x < y ? -1 : x > y;
}

static void check(const struct rec *r, size_t n, uint64_t key)
{
	size_t lower = 0, upper = 0;
	while (lower < n && r[lower].key < key)
		lower++;
	while (upper < n && r[upper].key <= key)
		upper++;
	assert_int_equal(search_lower_u64(r, n, sizeof *r, offsetof(struct rec, key), key), lower);
	assert_int_equal(search_upper_u64(r, n, sizeof *r, offsetof(struct rec, key), key), upper);
}

static void matches_linear_scan(void **state)
{
	(void)state;
	struct rec r[40];
	for (unsigned round = 0; round < 2000; round++) {
		size_t n = next() % 41;
		for (size_t i = 0; i < n; i++) {
			uint64_t u = next();
			/* few distinct keys, so they repeat; the range's ends */
			r[i].key = (u & 3) == 0 ? 0 : (u & 3) == 1 ? UINT64_MAX : (u >> 2) % 16;
			r[i].tag = (char)i;
		}
		qsort(r, n, sizeof *r, by_key);
		check(r, n, 0);
		check(r, n, UINT64_MAX);
		check(r, n, UINT64_MAX - 1);
		for (size_t i = 0; i < n; i++) {
			check(r, n, r[i].key);
			check(r, n, r[i].key - 1);
			check(r, n, r[i].key + 1);
		}
	}
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test(matches_linear_scan),
)
