/*
 * truth.c - the ground-truth record store and its file (obs/truth.h,
 * docs/truth-format.md).  Pages are found through a hash on (space, VA
 * page) once per page change of the PC, never per instruction.
 */
#include "obs/truth.h"
#include "platform/machine.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const truth_cause_name[TC_N] = {
#define X(n, d) #n,
	TRUTH_CAUSES(X)
#undef X
};

const char *const truth_event_name[TE_N] = {
#define X(n, d) #n,
	TRUTH_EVENTS(X)
#undef X
};

const char *const truth_palfor_name[TP_N] = {
#define X(n, d) #n,
	TRUTH_PALFOR(X)
#undef X
};

#define TRUTH_HASH 4096

struct truth {
	struct truth_page *bucket[TRUTH_HASH];
	size_t npages;
	bool lost;                    /* a page could not be had */
};

struct truth *truth_new(void)
{
	return calloc(1, sizeof(struct truth));
}

void truth_free(struct truth *t)
{
	if (!t)
		return;
	for (unsigned i = 0; i < TRUTH_HASH; i++)
		for (struct truth_page *p = t->bucket[i], *n; p; p = n) {
			n = p->next;
			free(p);
		}
	free(t);
}

static unsigned hash(uint32_t space, uint64_t vpage)
{
	uint64_t h = (vpage >> PAGE_SHIFT) * 0x9e3779b97f4a7c15ull ^ space;
	return (unsigned)(h >> 52) & (TRUTH_HASH - 1);
}

struct truth_page *truth_page(struct truth *t, uint32_t space, uint64_t vpage)
{
	unsigned h = hash(space, vpage);
	for (struct truth_page *p = t->bucket[h]; p; p = p->next)
		if (p->vpage == vpage && p->space == space)
			return p;
	/* Large and mostly zero: calloc maps it lazily. */
	struct truth_page *p = calloc(1, sizeof *p);
	if (!p) {
		t->lost = true;
		return NULL;
	}
	p->vpage = vpage;
	p->space = space;
	p->next = t->bucket[h];
	t->bucket[h] = p;
	t->npages++;
	return p;
}

static struct truth_page *sink_page(void *t, uint32_t space, uint64_t vpage)
{
	return truth_page(t, space, vpage);
}

struct truth_sink truth_sink(struct truth *t)
{
	return (struct truth_sink){ sink_page, t };
}

void truth_each(const struct truth *t, void (*fn)(const struct truth_page *p, void *arg),
                void *arg)
{
	for (unsigned h = 0; h < TRUTH_HASH; h++)
		for (const struct truth_page *p = t->bucket[h]; p; p = p->next)
			fn(p, arg);
}

/* ---- the file (docs/truth-format.md) -------------------------------- */

/* v's n bytes, little-endian, at b; returns the byte after them. */
static unsigned char *le(unsigned char *b, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return b + n;
}

static void put32(FILE *f, uint32_t v)
{
	unsigned char b[4];
	le(b, v, 4);
	fwrite(b, 1, 4, f);
}

static void put64(FILE *f, uint64_t v)
{
	unsigned char b[8];
	le(b, v, 8);
	fwrite(b, 1, 8, f);
}

static int page_order(const void *a, const void *b)
{
	const struct truth_page *x = *(const struct truth_page *const *)a;
	const struct truth_page *y = *(const struct truth_page *const *)b;
	if (x->space != y->space)
		return x->space < y->space ? -1 : 1;
	return x->vpage < y->vpage ? -1 : x->vpage > y->vpage;
}

/* Slot i has a record: it ran, or it caused an event without running
 * (a fault, an interrupt before it, after its fetch or TB miss), or has
 * head cycles without running (the run ended in a wait before it). */
static bool has_record(const struct truth_page *p, unsigned i)
{
	if (p->count[i] || p->head[i])
		return true;
	for (unsigned k = 0; k < TE_N; k++)
		if (p->event[k][i])
			return true;
	for (unsigned k = 0; k < TP_N; k++)
		if (p->palfor[k][i])
			return true;
	return false;
}

/* The image table: every image hint, in the order the simulator ran
 * them (docs/truth-format.md). */
static void put_images(FILE *f, const struct machine_hint *hints, size_t nhints)
{
	uint64_t n = 0;
	for (size_t i = 0; i < nhints; i++)
		n += hints[i].kind == SIMCTL_HINT_IMAGE;
	put64(f, n);
	for (size_t i = 0; i < nhints; i++) {
		const struct machine_hint *h = &hints[i];
		if (h->kind != SIMCTL_HINT_IMAGE)
			continue;
		uint32_t plen = (uint32_t)strlen(h->path);
		put32(f, (uint32_t)h->asn);
		put32(f, (uint32_t)h->pid);
		put32(f, h->cpu);
		put32(f, plen);
		put64(f, h->cycles);
		put64(f, h->base);
		put64(f, h->size);
		put64(f, h->offset);
		put64(f, h->ident);
		fwrite(h->path, 1, plen, f);
	}
}

bool truth_write(struct truth *t, FILE *f, const char *params_text,
                 unsigned ncpus, const uint64_t *cycles, const uint64_t *insns,
                 const uint64_t *owed, const struct machine_hint *hints, size_t nhints)
{
	struct truth_page **pages = t->lost ? NULL : malloc((t->npages + 1) * sizeof *pages);
	if (!pages)
		return false;
	size_t n = 0;
	uint64_t nrec = 0;
	for (unsigned h = 0; h < TRUTH_HASH; h++)
		for (struct truth_page *p = t->bucket[h]; p; p = p->next) {
			pages[n++] = p;
			for (unsigned i = 0; i < PAGE_INSNS; i++)
				nrec += has_record(p, i);
		}
	qsort(pages, n, sizeof *pages, page_order);

	fwrite("ASTRUTH\n", 1, 8, f);
	put32(f, TRUTH_VERSION);
	put32(f, TC_N);
	put32(f, TE_N);
	put32(f, TP_N);
	put32(f, ncpus);
	uint32_t plen = (uint32_t)strlen(params_text);
	put32(f, plen);
	fwrite(params_text, 1, plen, f);
	for (unsigned k = 0; k < TC_N; k++)
		fwrite(truth_cause_name[k], 1, strlen(truth_cause_name[k]) + 1, f);
	for (unsigned k = 0; k < TE_N; k++)
		fwrite(truth_event_name[k], 1, strlen(truth_event_name[k]) + 1, f);
	for (unsigned k = 0; k < TP_N; k++)
		fwrite(truth_palfor_name[k], 1, strlen(truth_palfor_name[k]) + 1, f);
	for (unsigned i = 0; i < ncpus; i++) {
		put64(f, cycles[i]);
		put64(f, insns[i]);
		put64(f, owed[i]);
	}
	put_images(f, hints, nhints);
	put64(f, nrec);
	for (size_t j = 0; j < n; j++) {
		const struct truth_page *p = pages[j];
		for (unsigned i = 0; i < PAGE_INSNS; i++) {
			if (!has_record(p, i))
				continue;
			/* a record in one write, not one per field (30 per
			 * record, tens of thousands of records) */
			unsigned char rec[8 * (4 + TC_N + TE_N + TP_N)], *b = rec;
			b = le(b, p->space, 4);
			b = le(b, 0, 4);
			b = le(b, p->vpage + 4ull * i, 8);
			b = le(b, p->count[i], 8);
			b = le(b, p->head[i], 8);
			for (unsigned k = 0; k < TC_N; k++)
				b = le(b, p->cause[k][i], 8);
			for (unsigned k = 0; k < TE_N; k++)
				b = le(b, p->event[k][i], 8);
			for (unsigned k = 0; k < TP_N; k++)
				b = le(b, p->palfor[k][i], 8);
			fwrite(rec, 1, (size_t)(b - rec), f);
		}
	}
	free(pages);
	return true;
}
