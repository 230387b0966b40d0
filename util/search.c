/*
 * search.c - binary search by a 64-bit key (util/search.h).
 */
#include "util/search.h"
#include <string.h>

size_t search_lower_u64(const void *base, size_t n, size_t size, size_t key_at, uint64_t key)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint64_t k;
		memcpy(&k, (const char *)base + mid * size + key_at, sizeof k);
		if (k < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t search_upper_u64(const void *base, size_t n, size_t size, size_t key_at, uint64_t key)
{
	return key == UINT64_MAX ? n : search_lower_u64(base, n, size, key_at, key + 1);
}
