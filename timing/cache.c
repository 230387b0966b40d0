/*
 * cache.c - a set-associative tag array with LRU replacement (timing/cache.h).
 */
#include "timing/cache.h"
#include <stdlib.h>
#include <string.h>

static unsigned log2u(uint64_t v)
{
	unsigned n = 0;
	while ((1ull << n) < v)
		n++;
	return n;
}

bool cache_init(struct cache *c, uint64_t size, unsigned ways, unsigned line)
{
	memset(c, 0, sizeof *c);
	uint64_t sets = size / ((uint64_t)ways * line);
	c->line = malloc(sets * ways * sizeof *c->line);
	if (!c->line)
		return false;
	c->ways = ways;
	c->line_shift = log2u(line);
	c->set_mask = sets - 1;
	cache_flush(c);
	return true;
}

void cache_free(struct cache *c)
{
	free(c->line);
	c->line = NULL;
}

void cache_flush(struct cache *c)
{
	uint64_t n = (c->set_mask + 1) * c->ways;
	for (uint64_t i = 0; i < n; i++)
		c->line[i] = (struct cache_line){ .tag = CACHE_NONE };
}

struct cache_line *cache_insert(struct cache *c, uint64_t block,
                                struct cache_line *victim)
{
	struct cache_line *l = &c->line[(block & c->set_mask) * c->ways], *v = l;
	for (unsigned w = 0; w < c->ways; w++) {
		if (l[w].tag == CACHE_NONE) {
			v = &l[w];
			break;
		}
		if (l[w].used < v->used)
			v = &l[w];
	}
	*victim = *v;
	*v = (struct cache_line){ .tag = block, .used = ++c->stamp };
	c->st.fills++;
	return v;
}

bool cache_remove(struct cache *c, uint64_t block, struct cache_line *was)
{
	struct cache_line *l = &c->line[(block & c->set_mask) * c->ways];
	for (unsigned w = 0; w < c->ways; w++)
		if (l[w].tag == block) {
			*was = l[w];
			l[w] = (struct cache_line){ .tag = CACHE_NONE };
			c->st.invalidations++;
			return true;
		}
	return false;
}
