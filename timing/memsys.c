/*
 * memsys.c - D-cache, MAF, write buffer, S-cache, B-cache and memory as
 * timing (timing/memsys.h; docs/ev5.md "Memory system", 21164 HRM 2.1.3-2.1.6).
 *
 * Simplifications (docs/timing.md): the levels have unlimited bandwidth
 * apart from the write buffer's one entry at a time; write-backs of dirty
 * victims cost nothing; the I-cache is not kept a subset of the S-cache.
 */
#include "timing/memsys.h"
#include <string.h>

static unsigned log2u(uint64_t v)
{
	unsigned n = 0;
	while ((1ull << n) < v)
		n++;
	return n;
}

bool memsys_init(struct memsys *m, const struct params *p, struct truth_evbuf *ev)
{
	memset(m, 0, sizeof *m);
	m->ev = ev;
	m->has_bc = p->bcache_kb != 0;
	if (!cache_init(&m->dc, p->dcache_kb * 1024, 1, (unsigned)p->dcache_line) ||
	    !cache_init(&m->sc, p->scache_kb * 1024, (unsigned)p->scache_ways,
	                (unsigned)p->scache_line) ||
	    (m->has_bc && !cache_init(&m->bc, p->bcache_kb * 1024, (unsigned)p->bcache_ways,
	                              (unsigned)p->bcache_line))) {
		memsys_free(m);
		return false;
	}
	m->dshift = log2u(p->dcache_line);
	m->sshift = log2u(p->scache_line);
	m->bshift = log2u(p->bcache_line);
	m->lat[LV_D] = p->lat_dcache;
	m->lat[LV_S] = p->lat_scache;
	m->lat[LV_B] = p->lat_bcache;
	m->lat[LV_M] = p->lat_mem;
	m->lat_io = p->io_latency;
	m->wb_retire = p->wb_retire;
	m->wb_size = (unsigned)p->wb_entries;
	m->maf_size = (unsigned)p->maf_entries;
	return true;
}

void memsys_free(struct memsys *m)
{
	cache_free(&m->dc);
	cache_free(&m->sc);
	cache_free(&m->bc);
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* A dirty S-cache victim goes to the B-cache (or memory). */
static void write_back(struct memsys *m, uint64_t sblock)
{
	m->sc.st.writebacks++;
	if (!m->has_bc)
		return;
	uint64_t bblock = (sblock << m->sshift) >> m->bshift;
	struct cache_line *l = cache_find(&m->bc, bblock), v;
	if (!l) {
		l = cache_insert(&m->bc, bblock, &v);
		if (v.tag != CACHE_NONE && v.dirty)
			m->bc.st.writebacks++;
	}
	l->dirty = true;
}

/* The D-cache is a subset of the S-cache: drop its lines of a victim. */
static void back_invalidate(struct memsys *m, uint64_t sblock)
{
	uint64_t first = (sblock << m->sshift) >> m->dshift;
	uint64_t n = 1ull << (m->sshift - m->dshift);
	struct cache_line was;
	for (uint64_t i = 0; i < n; i++)
		cache_remove(&m->dc, first + i, &was);
}

/* Read (or write-allocate) pa's block in the S-cache at t. */
static enum mem_level outer(struct memsys *m, uint64_t pa, uint64_t t, uint64_t *arrive,
                            bool write)
{
	uint64_t sblock = pa >> m->sshift;
	m->sc.st.accesses++;
	counter_event(m->ev, CE_saccess);
	struct cache_line *l = cache_find(&m->sc, sblock);
	if (l) {
		uint64_t r = t + m->lat[LV_S];
		l->dirty |= write;
		*arrive = max64(r, l->ready);
		return l->ready > r ? l->level : LV_S;
	}
	m->sc.st.misses++;
	truth_event(m->ev, TE_smiss);
	enum mem_level lv = LV_M;
	*arrive = t + m->lat[LV_M];
	if (m->has_bc) {
		uint64_t bblock = pa >> m->bshift;
		m->bc.st.accesses++;
		struct cache_line *b = cache_find(&m->bc, bblock), v;
		if (b) {
			lv = LV_B;
			*arrive = max64(t + m->lat[LV_B], b->ready);
			if (b->ready > t + m->lat[LV_B])
				lv = b->level;
		} else {
			m->bc.st.misses++;
			truth_event(m->ev, TE_bmiss);
			b = cache_insert(&m->bc, bblock, &v);
			if (v.tag != CACHE_NONE && v.dirty)
				m->bc.st.writebacks++;
			b->ready = *arrive;
			b->level = LV_M;
		}
	}
	struct cache_line v;
	l = cache_insert(&m->sc, sblock, &v);
	if (v.tag != CACHE_NONE) {
		if (v.dirty)
			write_back(m, v.tag);
		back_invalidate(m, v.tag);
	}
	l->ready = *arrive;
	l->level = (uint8_t)lv;
	l->dirty = write;
	return lv;
}

enum mem_level memsys_ifill(struct memsys *m, uint64_t pa, uint64_t t, uint64_t *arrive)
{
	m->st.ifills++;
	return outer(m, pa, t, arrive, false);
}

/* ---- coherence ------------------------------------------------------ */

void memsys_share(struct memsys *m, struct memsys *const *all, unsigned n)
{
	m->peers = all;
	m->npeers = n;
}

/* Drop pa's S-cache block, the D-cache lines in it and pa's B-cache
 * block; true if any level held it. */
static bool drop(struct memsys *m, uint64_t pa)
{
	struct cache_line was;
	uint64_t sblock = pa >> m->sshift;
	bool held = cache_remove(&m->sc, sblock, &was);
	for (uint64_t i = 0, n = 1ull << (m->sshift - m->dshift); i < n; i++)
		held |= cache_remove(&m->dc, (sblock << (m->sshift - m->dshift)) + i, &was);
	if (m->has_bc)
		held |= cache_remove(&m->bc, pa >> m->bshift, &was);
	return held;
}

/* A store to pa: the other CPUs lose their copies. */
static void invalidate_peers(struct memsys *m, uint64_t pa)
{
	for (unsigned i = 0; i < m->npeers; i++)
		if (m->peers[i] != m && drop(m->peers[i], pa))
			m->peers[i]->st.coh_invals++;
}

void memsys_invalidate_range(struct memsys *m, uint64_t pa, uint64_t len)
{
	uint64_t step = 1ull << m->sshift;
	for (uint64_t a = pa & ~(step - 1); a < pa + len; a += step)
		if (drop(m, a))
			m->st.coh_invals++;
}

/* ---- loads and the MAF ---------------------------------------------- */

static void maf_retire(struct memsys *m, uint64_t t)
{
	unsigned j = 0;
	for (unsigned i = 0; i < m->maf_n; i++)
		if (m->maf_done[i] > t)
			m->maf_done[j++] = m->maf_done[i];
	m->maf_n = j;
}

uint64_t memsys_maf_free(struct memsys *m, uint64_t t)
{
	maf_retire(m, t);
	if (m->maf_n < m->maf_size)
		return t;
	uint64_t e = m->maf_done[0];
	for (unsigned i = 1; i < m->maf_n; i++)
		if (m->maf_done[i] < e)
			e = m->maf_done[i];
	m->st.maf_full++;
	truth_event(m->ev, TE_replay);
	return e;
}

enum mem_level memsys_load(struct memsys *m, uint64_t pa, uint64_t t, uint64_t *ready)
{
	uint64_t block = pa >> m->dshift;
	m->st.loads++;
	m->dc.st.accesses++;
	struct cache_line *l = cache_find(&m->dc, block);
	uint64_t r = t + m->lat[LV_D];
	if (l) {
		if (l->ready > r) {          /* its fill is in flight: merge */
			m->st.load_merges++;
			counter_event(m->ev, CE_mafmerge);
			*ready = l->ready;
			return (enum mem_level)l->level;
		}
		*ready = r;
		return LV_D;
	}
	m->dc.st.misses++;
	m->st.load_misses++;
	truth_event(m->ev, TE_dmiss);
	uint64_t arrive;
	enum mem_level lv = outer(m, pa, t, &arrive, false);
	struct cache_line v;
	l = cache_insert(&m->dc, block, &v);
	l->ready = arrive;
	l->level = (uint8_t)lv;
	maf_retire(m, t);
	if (m->maf_n < MEMSYS_MAX_Q)
		m->maf_done[m->maf_n++] = arrive;
	m->st.maf_allocs++;
	m->maf_last_done = max64(m->maf_last_done, arrive);
	*ready = arrive;
	return lv;
}

/* ---- stores and the write buffer ------------------------------------ */

static void wb_retire(struct memsys *m, uint64_t t)
{
	while (m->wb_n && m->wb_done[m->wb_head] <= t) {
		m->wb_head = (m->wb_head + 1) % MEMSYS_MAX_Q;
		m->wb_n--;
	}
}

static bool wb_pending(const struct memsys *m, uint64_t block)
{
	for (unsigned i = 0, k = m->wb_head; i < m->wb_n; i++, k = (k + 1) % MEMSYS_MAX_Q)
		if (m->wb_block[k] == block)
			return true;
	return false;
}

void memsys_io_store(struct memsys *m, uint64_t t)
{
	m->st.io_stores++;
	wb_retire(m, t);
	uint64_t done = max64(t, m->wb_last_done) + m->lat_io;
	if (m->wb_n < m->wb_size) {
		unsigned k = (m->wb_head + m->wb_n) % MEMSYS_MAX_Q;
		m->wb_block[k] = CACHE_NONE;      /* merges with nothing */
		m->wb_done[k] = done;
		m->wb_n++;
	}
	m->wb_last_done = done;
}

bool memsys_wb_room(struct memsys *m, uint64_t pa, uint64_t t)
{
	wb_retire(m, t);
	return m->wb_n < m->wb_size || wb_pending(m, pa >> m->dshift);
}

uint64_t memsys_wb_free(struct memsys *m, uint64_t pa, uint64_t t)
{
	if (memsys_wb_room(m, pa, t))
		return t;
	m->st.wb_full++;
	counter_event(m->ev, CE_wbfull);
	return m->wb_done[m->wb_head];
}

void memsys_store(struct memsys *m, uint64_t pa, uint64_t t)
{
	uint64_t block = pa >> m->dshift;
	m->st.stores++;
	invalidate_peers(m, pa);
	if (cache_find(&m->dc, block))
		m->st.store_hits++;           /* write-through: updated too */
	wb_retire(m, t);
	if (wb_pending(m, block)) {
		m->st.wb_merges++;
		return;
	}
	/* Entries are written one at a time, in order; a write that misses
	 * the S-cache first fetches the block (write-allocate). */
	uint64_t start = max64(t, m->wb_last_done), arrive;
	outer(m, pa, start, &arrive, true);
	uint64_t done = arrive - m->lat[LV_S] + m->wb_retire;
	unsigned k = (m->wb_head + m->wb_n) % MEMSYS_MAX_Q;
	m->wb_block[k] = block;
	m->wb_done[k] = done;
	m->wb_n++;
	m->wb_last_done = done;
	m->st.wb_allocs++;
}

/* ---- statistics ----------------------------------------------------- */

static void cache_json(FILE *f, const char *indent, const char *name, const struct cache *c,
                       bool last)
{
	fprintf(f, "%s\"%s\": { \"accesses\": %llu, \"misses\": %llu, \"fills\": %llu, "
	        "\"writebacks\": %llu, \"invalidations\": %llu }%s\n", indent, name,
	        (unsigned long long)c->st.accesses, (unsigned long long)c->st.misses,
	        (unsigned long long)c->st.fills, (unsigned long long)c->st.writebacks,
	        (unsigned long long)c->st.invalidations, last ? "" : ",");
}

void memsys_json(const struct memsys *m, FILE *f, const char *indent)
{
	fprintf(f, "%s\"dcache\": { \"accesses\": %llu, \"misses\": %llu, \"loads\": %llu, "
	        "\"load_misses\": %llu, \"load_merges\": %llu, \"stores\": %llu, "
	        "\"store_hits\": %llu, \"invalidations\": %llu },\n", indent,
	        (unsigned long long)m->dc.st.accesses, (unsigned long long)m->dc.st.misses,
	        (unsigned long long)m->st.loads, (unsigned long long)m->st.load_misses,
	        (unsigned long long)m->st.load_merges, (unsigned long long)m->st.stores,
	        (unsigned long long)m->st.store_hits, (unsigned long long)m->dc.st.invalidations);
	fprintf(f, "%s\"maf\": { \"allocations\": %llu, \"full_replays\": %llu },\n", indent,
	        (unsigned long long)m->st.maf_allocs, (unsigned long long)m->st.maf_full);
	fprintf(f, "%s\"write_buffer\": { \"stores\": %llu, \"allocations\": %llu, "
	        "\"merges\": %llu, \"full_stalls\": %llu },\n", indent,
	        (unsigned long long)m->st.stores, (unsigned long long)m->st.wb_allocs,
	        (unsigned long long)m->st.wb_merges, (unsigned long long)m->st.wb_full);
	fprintf(f, "%s\"io\": { \"loads\": %llu, \"stores\": %llu },\n", indent,
	        (unsigned long long)m->st.io_loads, (unsigned long long)m->st.io_stores);
	fprintf(f, "%s\"coherence\": { \"invalidations\": %llu },\n", indent,
	        (unsigned long long)m->st.coh_invals);
	cache_json(f, indent, "scache", &m->sc, false);
	cache_json(f, indent, "bcache", &m->bc, true);
}
