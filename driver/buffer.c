/*
 * buffer.c - the pair of overflow buffers of one CPU and the flush's
 * staging area (DCPI paper section 4.2.1, 4.2.3).
 *
 * Ownership, not locks: a buffer is the handler's while BUF_FREE and the
 * reader's while BUF_FULL.  Only the handler turns FREE into FULL (when
 * the buffer fills, or at the end of a flush, on its own CPU); only the
 * reader turns FULL into FREE, after copying it out and a memory barrier
 * (the reader may have barriers; the handler has none).  The handler
 * never writes a FULL buffer, so the two never write the same entry.
 * The reader's view of a remote CPU's entries is made current by an IPI
 * to that CPU before it reads (minios/pcount_dev.c), as section 4.2.3 makes
 * IPIs, not barriers in the handler, pay for the synchronisation.
 * Samples are lost, and counted in drops, only when both buffers are
 * the reader's.
 */
#include "driver/pcount_hw.h"

/* The active buffer was handed over: take a buffer the reader has given
 * back, the other one first.  The active one itself may be free again
 * too: after a hand-over whose switch failed, the reader may copy and
 * give back the buffer just handed over before the other (it takes the
 * lower-numbered FULL buffer first, pcount_take); looking only at the
 * other buffer would then drop samples while an empty buffer waits.
 * (Straight after a hand-over the active buffer is FULL, so this takes
 * the other or nothing.) */
PCOUNT_MISS static bool switch_buffer(struct pcount_cpu *c)
{
	unsigned b = c->hot.active ^ 1u;
	if (c->state[b] != BUF_FREE) {
		b ^= 1u;
		if (c->state[b] != BUF_FREE)
			return false;
	}
	c->hot.active = (uint8_t)b;
	c->hot.buf = c->bufs[b];
	c->hot.fill = 0;
	c->st.switches++;
	return true;
}

PCOUNT_MISS void pcount_hand_over(struct pcount_cpu *c)
{
	unsigned a = c->hot.active;
	c->len[a] = c->hot.fill;
	c->state[a] = BUF_FULL;
	c->hot.fill = PCOUNT_BUF_ENTRIES;      /* no room until a switch */
	pcount_notify();
	switch_buffer(c);
}

PCOUNT_MISS bool pcount_append(struct pcount_cpu *c, uint64_t pc, uint64_t key)
{
	if (c->hot.fill == PCOUNT_BUF_ENTRIES && !switch_buffer(c))
		return false;
	struct pcount_slot *s = &c->hot.buf[c->hot.fill];
	s->pc = pc;
	s->key = key;
	if (++c->hot.fill == PCOUNT_BUF_ENTRIES)
		pcount_hand_over(c);
	return true;
}

/* With the CPU's flushing flag set its handler keeps out of the table:
 * copy the live entries to the staging area (after what is left of the
 * last flush) and clear them.  What does not fit stays in the table for
 * the next flush, so nothing is lost. */
void pcount_flush_copy(struct pcount_cpu *c)
{
	uint32_t cap = (c->hot.mask + 1) * PCOUNT_BUCKET;
	uint32_t n = c->nstaged - c->staged_off;
	for (uint32_t i = 0; i < n; i++)
		c->staged[i] = c->staged[c->staged_off + i];
	c->staged_off = 0;
	for (uint32_t i = 0; i < cap && n < cap; i++) {
		struct pcount_slot *e = &c->hot.table[i];
		if (e->key < SLOT_ONE)
			continue;
		c->staged[n++] = *e;
		e->pc = 0;
		e->key = 0;
	}
	c->nstaged = n;
	__sync_synchronize();              /* the clears before the flag */
}

bool pcount_has_full(const struct pcount_cpu *c)
{
	return c->state[0] == BUF_FULL || c->state[1] == BUF_FULL ||
	       c->staged_off < c->nstaged;
}

uint32_t pcount_take(struct pcount_cpu *c, const struct pcount_slot **out)
{
	for (unsigned b = 0; b < 2; b++)
		if (c->state[b] == BUF_FULL) {
			__sync_synchronize();
			*out = c->bufs[b];
			return c->len[b];
		}
	uint32_t n = c->nstaged - c->staged_off;
	*out = c->staged + c->staged_off;
	return n < PCOUNT_BUF_ENTRIES ? n : PCOUNT_BUF_ENTRIES;
}

void pcount_give(struct pcount_cpu *c, const struct pcount_slot *s, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = SLOT_COUNT(s[i].key);
		c->st.samples_read += k;
		c->read_by_event[(s[i].key >> 32) & 0xffff] += k;
	}
	c->st.entries_read += n;
	__sync_synchronize();              /* the copy before the release */
	for (unsigned b = 0; b < 2; b++)
		if (s == c->bufs[b]) {
			c->state[b] = BUF_FREE;
			return;
		}
	c->staged_off += n;
	if (c->staged_off == c->nstaged)
		c->staged_off = c->nstaged = 0;
}

/* The ring of records: the handler advances ring_head after writing a
 * record, the reader ring_tail after copying; as for the buffers, the
 * reader's view of a remote CPU's ring is made current by an IPI to it
 * first (minios/pcount_dev.c), and its copy is ordered before the
 * release by a barrier.  A stale ring_tail seen by the handler only
 * makes the ring look fuller: a counted loss, never an overwrite. */
void pcount_cpu_ring(struct pcount_cpu *c, struct pm_record *ring, uint32_t n)
{
	c->ring = ring;
	c->ring_len = n;
	c->ring_head = c->ring_tail = 0;
}

/* Only where the unit counts kernel-mode fetches: there the handler's
 * instructions are the period's, and reading a record costs the reader
 * more than a period (docs/precise.md, "The handler's blind spot");
 * with the kernel left out, its reading makes fewer records than it
 * reads, and the stream keeps them as DCPI's profiles kept the
 * daemon's samples. */
void pcount_cpu_reader(struct pcount_cpu *c, uint32_t ctx)
{
	c->pm_reader = c->pm_ctl & PM_CTL_KILL(1) ? 0 : ctx;
}

uint32_t pcount_ring_waiting(const struct pcount_cpu *c)
{
	return c->ring_head - c->ring_tail;
}

void pcount_ring_take(struct pcount_cpu *c, const struct pm_record **a, uint32_t *na,
                      const struct pm_record **b, uint32_t *nb)
{
	uint32_t n = pcount_ring_waiting(c);
	uint32_t t = c->ring_len ? c->ring_tail & (c->ring_len - 1) : 0;
	__sync_synchronize();              /* the count before the records */
	*a = c->ring + t;
	*na = n < c->ring_len - t ? n : c->ring_len - t;
	*b = c->ring;
	*nb = n - *na;
}

void pcount_ring_give(struct pcount_cpu *c, uint32_t n)
{
	__sync_synchronize();              /* the copy before the release */
	c->st.pm_ring_read += n;
	c->ring_tail += n;
}
