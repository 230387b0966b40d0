/*
 * search.h - binary search over an array of records sorted by a 64-bit
 * key: the truth's instructions by file offset, a profile's entries by
 * offset (analysis/lib/antruth.c, analysis/lib/profimage.c), an image's
 * procedures by address (analysis/lib/image.c, analysis/lib/elfsyms.c).
 */
#ifndef UTIL_SEARCH_H
#define UTIL_SEARCH_H

#include <stddef.h>
#include <stdint.h>

/* The index of the first of the n records of size bytes at base whose
 * key (the uint64_t at byte key_at of each; ascending) is key or more;
 * n if none is. */
size_t search_lower_u64(const void *base, size_t n, size_t size, size_t key_at, uint64_t key);

/* The same, of the first whose key is above key: one past the last
 * record at or below it (the procedure an address falls in). */
size_t search_upper_u64(const void *base, size_t n, size_t size, size_t key_at, uint64_t key);

#endif
