/*
 * counttab.c - linear probing at most 3/4 full, doubling when it would
 * be fuller; the hash is a multiplicative (Fibonacci) hash of the key.
 */
#include <stdlib.h>
#include <string.h>
#include "daemon/counttab.h"

void ct_init(struct counttab *t)
{
	memset(t, 0, sizeof *t);
}

void ct_free(struct counttab *t)
{
	free(t->slot);
	ct_init(t);
}

void ct_clear(struct counttab *t)
{
	if (t->slot)
		memset(t->slot, 0, t->cap * sizeof *t->slot);
	t->n = 0;
	t->samples = 0;
}

static size_t hash(uint32_t pid, uint64_t offset, size_t cap)
{
	uint64_t h = (offset ^ (uint64_t)pid << 40) * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 32) & (cap - 1);
}

static struct ct_slot *find(struct ct_slot *slot, size_t cap, uint32_t pid, uint64_t offset)
{
	size_t i = hash(pid, offset, cap);
	while (slot[i].count && (slot[i].pid != pid || slot[i].offset != offset))
		i = (i + 1) & (cap - 1);
	return &slot[i];
}

static bool grow(struct counttab *t)
{
	size_t cap = t->cap ? 2 * t->cap : 256;
	struct ct_slot *s = calloc(cap, sizeof *s);
	if (!s)
		return false;
	for (size_t i = 0; i < t->cap; i++)
		if (t->slot[i].count)
			*find(s, cap, t->slot[i].pid, t->slot[i].offset) = t->slot[i];
	free(t->slot);
	t->slot = s;
	t->cap = cap;
	return true;
}

bool ct_add(struct counttab *t, uint32_t pid, uint64_t offset, uint64_t count)
{
	if (count > UINT64_MAX - t->samples)
		return false;
	if (4 * (t->n + 1) > 3 * t->cap && !grow(t))
		return false;
	struct ct_slot *s = find(t->slot, t->cap, pid, offset);
	if (!s->count) {
		*s = (struct ct_slot){ offset, 0, pid };
		t->n++;
	}
	s->count += count;
	t->samples += count;
	return true;
}

bool ct_to_prof(const struct counttab *t, struct prof *p)
{
	for (size_t i = 0; i < t->cap; i++)
		if (t->slot[i].count &&
		    !prof_push(p, t->slot[i].pid, t->slot[i].offset, t->slot[i].count))
			return false;
	return prof_sort(p);
}
