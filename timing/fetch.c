/*
 * fetch.c - I-cache, refill buffer and prefetcher (timing/fetch.h; 21164
 * HRM 2.1.1.2).
 */
#include "timing/fetch.h"
#include "isa/isa.h"
#include <string.h>

bool fetch_init(struct fetch *f, const struct params *p, struct truth_evbuf *ev)
{
	memset(f, 0, sizeof *f);
	if (!cache_init(&f->ic, p->icache_kb * 1024, 1, (unsigned)p->icache_line))
		return false;
	f->shift = f->ic.line_shift;
	f->rb_size = p->refill_entries < FETCH_MAX_RB ? (unsigned)p->refill_entries : FETCH_MAX_RB;
	f->ifill = p->ifill_cycles;
	f->ev = ev;
	return true;
}

void fetch_free(struct fetch *f)
{
	cache_free(&f->ic);
}

/* Request the next line of the stream at t, unless the buffer is full or
 * the stream would leave the page (the next page may map elsewhere). */
static void prefetch(struct fetch *f, struct memsys *m, uint64_t t)
{
	if (!f->stream || f->rb_n >= f->rb_size || !(f->next_pa & PAGE_MASK)) {
		if (!(f->next_pa & PAGE_MASK))
			f->stream = false;
		return;
	}
	uint64_t arrive;
	memsys_ifill(m, f->next_pa, t, &arrive);
	if (arrive < f->last_ready + f->ifill)
		arrive = f->last_ready + f->ifill;
	f->rb_tag[f->rb_n] = f->next_tag;
	f->rb_ready[f->rb_n++] = arrive;
	f->last_ready = arrive;
	f->next_tag++;
	f->next_pa += 1ull << f->shift;
	f->st.prefetches++;
}

uint64_t fetch_line(struct fetch *f, struct memsys *m, uint64_t tag, uint64_t pa,
                    uint64_t t)
{
	if (fetch_hit(f, tag))
		return t;
	f->st.accesses++;
	f->st.misses++;
	truth_event(f->ev, TE_imiss);
	struct cache_line v;
	cache_insert(&f->ic, tag, &v);
	for (unsigned i = 0; i < f->rb_n; i++)
		if (f->rb_tag[i] == tag) {
			uint64_t avail = f->rb_ready[i] > t ? f->rb_ready[i] : t;
			f->rb_n--;
			memmove(&f->rb_tag[i], &f->rb_tag[i + 1], (f->rb_n - i) * sizeof f->rb_tag[0]);
			memmove(&f->rb_ready[i], &f->rb_ready[i + 1], (f->rb_n - i) * sizeof f->rb_ready[0]);
			f->st.rb_hits++;
			prefetch(f, m, t);
			return avail;
		}
	/* A true miss: fetch the line, restart the stream behind it. */
	f->st.true_misses++;
	uint64_t arrive;
	memsys_ifill(m, pa, t, &arrive);
	f->rb_n = 0;
	f->stream = true;
	f->next_tag = tag + 1;
	f->next_pa = (pa | ((1ull << f->shift) - 1)) + 1;
	f->last_ready = arrive;
	while (f->stream && f->rb_n < f->rb_size)
		prefetch(f, m, t);
	return arrive;
}

void fetch_json(const struct fetch *f, FILE *out, const char *indent)
{
	fprintf(out, "%s\"icache\": { \"accesses\": %llu, \"misses\": %llu, "
	        "\"refill_buffer_hits\": %llu, \"true_misses\": %llu, \"prefetches\": %llu },\n",
	        indent, (unsigned long long)f->st.accesses, (unsigned long long)f->st.misses,
	        (unsigned long long)f->st.rb_hits, (unsigned long long)f->st.true_misses,
	        (unsigned long long)f->st.prefetches);
}
