/*
 * sample.c - the counter interrupt's work (DCPI paper section 4.2.2):
 * count the sample in this CPU's hash table, or evict an entry to the
 * active overflow buffer, and write the next random period into the
 * counter.  Runs at IPL 6 on its own CPU: no locks, no memory barriers;
 * the only shared words it writes are the state of a buffer it hands to
 * the reader (BUF_FREE -> BUF_FULL), and the reader only reads a buffer
 * after an IPI to this CPU (minios/pcount_dev.c), which orders the stores.
 *
 * Three variants (section 4.2: "we switch dynamically among specialized
 * versions of the interrupt handler"): pcount_intr_fast for one event
 * per counter, pcount_intr_general when some counter multiplexes,
 * pcount_intr_read when some counter is read at the others' overflows
 * (PCOUNT_SRC_AT_OVERFLOW, lab 4); pcount_cpu_configure picks one.
 * pcount_clock reads the counters read at the clock.  pcount_pm_records
 * adds the instruction-sampling unit's records (docs/precise.md).
 */
#include "driver/pcount_hw.h"

PCOUNT_INTR uint32_t pcount_hash(uint64_t pc, uint64_t key, uint32_t mask)
{
	/* PCs are 4-byte aligned; a multiplicative hash spreads the low
	 * bits of pc, pid and event over the high half we take. */
	uint64_t h = ((pc >> 2) ^ (key << 13) ^ (key >> 19)) * 0x9e3779b97f4a7c15ull;
	return (uint32_t)(h >> 32) & mask;
}

/* Move a table entry out and put the new sample in its place (key
 * holds the new entry's count). */
PCOUNT_MISS static void evict(struct pcount_cpu *c, struct pcount_slot *e, uint64_t pc,
                  uint64_t key)
{
	c->st.evictions++;
	if (!pcount_append(c, e->pc, e->key))
		c->st.drops += SLOT_COUNT(e->key);
	e->pc = pc;
	e->key = key;
}

/* A sample no entry of bucket b holds: an empty entry takes it, else
 * the mod-4 victim is evicted.  Out of line, in the miss section, so
 * that the ground truth tells the miss path's cycles from the hit
 * path's (sim/profile.c; section 5 of the paper costs the two apart). */
PCOUNT_MISS static void miss(struct pcount_cpu *c, struct pcount_slot *b,
                 struct pcount_slot *empty, uint64_t pc, uint64_t key)
{
	c->st.misses++;
	if (empty) {
		empty->pc = pc;
		empty->key = key;
		return;
	}
	evict(c, &b[c->hot.victim++ & (PCOUNT_BUCKET - 1)], pc, key);
}

/* n samples (1 but for a counter's read, 1..0xffff) of key at pc: the
 * table, or (while this CPU's table is being flushed) the overflow
 * buffer. */
static inline void record(struct pcount_cpu *c, uint64_t pc, uint64_t key, uint32_t n)
{
	struct pcount_hot *h = &c->hot;
	uint64_t count = (uint64_t)n << 48;
	if (h->flushing) {
		c->st.direct++;
		if (!pcount_append(c, pc, key | count))
			c->st.drops += n;
		return;
	}
	struct pcount_slot *b = h->table + PCOUNT_BUCKET * pcount_hash(pc, key, h->mask);
	struct pcount_slot *empty = 0;
	for (unsigned i = 0; i < PCOUNT_BUCKET; i++) {
		if (b[i].pc == pc && (b[i].key & SLOT_IDMASK) == key &&
		    b[i].key >= SLOT_ONE) {
			if (SLOT_COUNT(b[i].key) <= 0xffff - n)
				b[i].key += count;
			else                    /* saturated: out it goes */
				evict(c, &b[i], pc, key | count);
			return;
		}
		if (b[i].key < SLOT_ONE && !empty)
			empty = &b[i];
	}
	miss(c, b, empty, pc, key | count);
}

/* The counter counts again from the write: the handler's cycles from
 * here on are in its next period, and no sample can land on them (the
 * interrupt entry measures them: pcount_cost_add). */
static inline void next_period(struct pcount_cpu *c, unsigned ctr)
{
	struct pcount_hot *h = &c->hot;
	h->seed = pcount_prng_next(h->seed);
	uint32_t p = pcount_period(h->seed, h->pmin[ctr], h->prange[ctr]);
	c->reloaded = pcount_hw_write(ctr, pcount_counter_width(ctr) - p);
}

PCOUNT_INTR void pcount_intr_fast(struct pcount_cpu *c, unsigned ctr, uint64_t pc,
                      uint32_t pid)
{
	struct pcount_hot *h = &c->hot;
	h->interrupts++;
	next_period(c, ctr);
	record(c, pc, SLOT_KEY(pid, h->event[ctr]), 1);
}

/* Rotate counter ctr to its next event once the current one has had
 * its mux_cycles: account the cycles it was monitored, select the next
 * and load its periods (section 4: "time-multiplexing among different
 * events at a very fine grain"). */
PCOUNT_INTR static void rotate(struct pcount_cpu *c, unsigned ctr)
{
	struct pcount_mux *m = &c->mux[ctr];
	uint32_t now = pcount_hw_rpcc();
	uint32_t spent = now - m->since;
	if (m->nevents < 2 || spent < c->mux_cycles)
		return;
	c->monitored[m->ev[m->index].event] += spent;
	m->since = now;
	if (++m->index == m->nevents)
		m->index = 0;
	const struct pcount_event_config *e = &m->ev[m->index];
	c->hot.event[ctr] = (uint8_t)e->event;
	c->hot.pmin[ctr] = (uint16_t)e->period_min;
	c->hot.prange[ctr] = (uint16_t)e->period_range;
	pcount_hw_select(ctr, e->event);
}

PCOUNT_INTR void pcount_intr_general(struct pcount_cpu *c, unsigned ctr, uint64_t pc,
                         uint32_t pid)
{
	struct pcount_hot *h = &c->hot;
	h->interrupts++;
	uint64_t key = SLOT_KEY(pid, h->event[ctr]);
	rotate(c, ctr);
	next_period(c, ctr);
	record(c, pc, key, 1);
}

/* Charge the events each counter of mask counted since its last read
 * to pc (the counters count modulo their width; a read counter never
 * interrupts, so more than a width's events between two reads would be
 * lost: docs/dcpi.md, "Sampling sources"). */
PCOUNT_INTR static void read_counters(struct pcount_cpu *c, unsigned mask, uint64_t pc,
                          uint32_t pid)
{
	for (unsigned n = 0; n < PCOUNT_NCOUNTERS; n++) {
		if (!(mask >> n & 1))
			continue;
		uint32_t v = pcount_hw_read(n);
		uint32_t d = (v - c->last[n]) & (pcount_counter_width(n) - 1);
		c->last[n] = v;
		if (d) {
			c->reads++;
			c->st.counted += d;
			record(c, pc, SLOT_KEY(pid, c->hot.event[n]), d);
		}
	}
}

PCOUNT_INTR void pcount_intr_read(struct pcount_cpu *c, unsigned ctr, uint64_t pc,
                      uint32_t pid)
{
	pcount_intr_general(c, ctr, pc, pid);
	read_counters(c, c->by_source[PCOUNT_SRC_AT_OVERFLOW], pc, pid);
}

/* v of kind at pc: entries count to 0xffff, so a larger v (a long wait)
 * goes in pieces. */
PCOUNT_INTR static void add(struct pcount_cpu *c, uint64_t pc, uint32_t pid, unsigned kind,
                uint32_t v)
{
	c->st.pm_added += v;
	for (; v > 0xffff; v -= 0xffff) {
		c->pm_lookups++;
		record(c, pc, SLOT_KEY(pid, kind), 0xffff);
	}
	c->pm_lookups++;
	record(c, pc, SLOT_KEY(pid, kind), v);
}

/* The record, whole, into the ring for the daemon, or counted lost
 * when the ring is full (docs/precise.md, "The record stream").  Copied
 * a quadword at a time through a volatile pointer: a struct copy, or a
 * loop the compiler recognises, may become a call to memcpy, which
 * would leave the handler's measured section.  The reader is woken
 * once, when the ring reaches half full.  Where kernel mode is sampled
 * (c->pm_reader set, pcount_cpu_reader), the reader's own records are
 * counted and not kept: at a short period reading a record costs the
 * reader more than the period, so its own would come faster than it
 * reads them and fill the ring ("The handler's blind spot"); the
 * profiles still have them. */
typedef uint64_t __attribute__((may_alias)) pcount_quad;
PCOUNT_INTR static void keep(struct pcount_cpu *c, const struct pm_record *r)
{
	if (r->ctx == c->pm_reader && c->pm_reader) {
		c->st.pm_ring_reader++;
		return;
	}
	uint32_t h = c->ring_head, used = h - c->ring_tail;
	if (used >= c->ring_len) {
		c->st.pm_ring_lost++;
		return;
	}
	volatile pcount_quad *d = (volatile pcount_quad *)&c->ring[h & (c->ring_len - 1)];
	const pcount_quad *q = (const pcount_quad *)r;
	/* unrolled, each quadword a load and a store at a fixed offset
	 * from d (the empty asm keeps the compiler from working out each
	 * address anew): 32 instructions, where the loop took about 100,
	 * and each one is the period's where the kernel is sampled ("The
	 * handler's blind spot") */
	__asm__("" : "+r"(d));
#pragma GCC unroll 16
	for (unsigned i = 0; i < sizeof *r / sizeof *q; i++)
		d[i] = q[i];
	c->ring_head = h + 1;
	c->st.pm_ring_kept++;
	if (used + 1 == c->ring_len / 2)
		pcount_notify();
}

PCOUNT_INTR void pcount_pm_records(struct pcount_cpu *c, const struct pm_record *r,
                       uint32_t n, uint32_t coll)
{
	c->st.pm_interrupts++;
	/* a smaller count: PM_CTL was written since, which restarts it (a
	 * record latched before the stop comes in after it) */
	c->st.pm_collisions += coll >= c->pm_coll ? coll - c->pm_coll : coll;
	c->pm_coll = coll;
	for (uint32_t i = 0; i < n; i++, r++) {
		if (!(r->flags & PM_F_VALID))
			continue;            /* interrupt mode: no second record */
		c->st.pm_records++;
		if (!(c->flags & PCOUNT_PM_SUMS))
			keep(c, r);
		/* a pair's second is no tag of its own (it has the first's
		 * seq); the tags between two records are those the filter
		 * dropped, and the later one */
		if (!(r->flags & PM_F_SECOND)) {
			c->st.pm_tagged += c->pm_seq_seen ? (uint32_t)(r->seq - c->pm_seq) : 1;
			c->pm_seq = r->seq;
			c->pm_seq_seen = true;
		}
		add(c, r->pc, r->ctx, r->flags & PM_F_RETIRED ? PCOUNT_PM_RETIRED
		                                            : PCOUNT_PM_KILLED, 1);
		for (unsigned k = 0; k < PCOUNT_PM_NCAUSES; k++)
			if (r->cause[k])
				add(c, r->pc, r->ctx, PCOUNT_PM_HEAD(k), r->cause[k]);
		for (unsigned e = 0; e < PCOUNT_PM_NEVENTS; e++)
			if (r->events >> e & 1)
				add(c, r->pc, r->ctx, PCOUNT_PM_EV(e), 1);
	}
}

void pcount_clock(struct pcount_cpu *c, uint64_t pc, uint32_t pid)
{
	if (c->enabled && c->by_source[PCOUNT_SRC_AT_CLOCK])
		read_counters(c, c->by_source[PCOUNT_SRC_AT_CLOCK], pc, pid);
}
