/*
 * records.c - a database's record streams read back and summed per
 * instruction (analysis/records.h; docs/precise.md, "The record stream").
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analysis/records.h"
#include "abi/truth.h"
#include "daemon/profdb.h"

/* src's records and images added to dst (src's images renumbered into
 * dst's, one entry per identity and path). */
static bool merge(struct pmrec_stream *dst, const struct pmrec_stream *src)
{
	uint32_t *map = malloc((src->nimg + 1) * sizeof *map);
	struct pmrec *r = realloc(dst->rec, (dst->n + src->n + 1) * sizeof *r);
	if (r)
		dst->rec = r;
	if (!map || !r) {
		free(map);
		return false;
	}
	for (size_t i = 0; i < src->nimg; i++) {
		size_t j = 0;
		while (j < dst->nimg && (dst->img[j].id != src->img[i].id ||
		                         strcmp(dst->img[j].path, src->img[i].path)))
			j++;
		if (j == dst->nimg) {
			struct pmrec_image *a = realloc(dst->img, (dst->nimg + 1) * sizeof *a);
			if (!a) {
				free(map);
				return false;
			}
			dst->img = a;
			dst->img[dst->nimg++] = src->img[i];
		}
		map[i] = (uint32_t)j;
	}
	for (size_t k = 0; k < src->n; k++) {
		struct pmrec *e = &dst->rec[dst->n + k];
		*e = src->rec[k];
		if (e->image != PMREC_NO_IMAGE)
			e->image = map[e->image];
	}
	dst->n += src->n;
	dst->segments += src->segments;
	dst->period = src->period;
	free(map);
	return true;
}

bool an_records_read(const char *db, unsigned epoch, struct pmrec_stream *s, char *err,
                     size_t errlen)
{
	memset(s, 0, sizeof *s);
	unsigned *epochs = NULL;
	size_t n = 0, found = 0;
	if (epoch) {
		if (!(epochs = malloc(sizeof *epochs)))
			return prof_fail(err, errlen, "%s: out of memory", db);
		epochs[n++] = epoch;
	} else if (!profdb_epochs(db, &epochs, &n, err, errlen))
		return false;
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		char dir[PATH_MAX], path[PATH_MAX + 32];
		profdb_epoch_dir(dir, sizeof dir, db, epochs[i]);
		snprintf(path, sizeof path, "%s/%s", dir, PMREC_FILE);
		/* an epoch without records (no pm in --events) is no error;
		 * anything else at that name is read, and refused if it is
		 * not a stream */
		if (access(path, F_OK) && errno == ENOENT)
			continue;
		struct pmrec_stream one;
		if (!(ok = pmrec_read(path, &one, err, errlen)))
			break;
		found++;
		if (!(ok = merge(s, &one)))
			prof_fail(err, errlen, "%s: out of memory", path);
		pmrec_stream_free(&one);
	}
	free(epochs);
	if (ok && !found)
		ok = prof_fail(err, errlen, epoch ? "%s: epoch %u has no record stream (" PMREC_FILE
		               "; sample with --events pm)" : "%s: no record stream (" PMREC_FILE
		               " in an epoch; sample with --events pm)", db, epoch);
	if (!ok)
		pmrec_stream_free(s);
	return ok;
}

unsigned an_records_bin(uint32_t lat)
{
	unsigned k = 0;
	while (lat && k < AN_REC_BINS - 1) {
		lat >>= 1;
		k++;
	}
	return k;
}

uint32_t an_records_bin_low(unsigned k)
{
	return k ? 1u << (k - 1) : 0;
}

/* The events' bits of a record, in abi/truth.h's order. */
enum {
#define X(name, desc) REC_EV_##name,
	TRUTH_EVENTS(X)
#undef X
};

static int key_cmp(const void *a, const void *b)
{
	const struct pmrec *x = *(const struct pmrec *const *)a, *y = *(const struct pmrec *const *)b;
	if (x->image != y->image)
		return x->image < y->image ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int insn_cmp(const void *a, const void *b)
{
	const struct an_rec_insn *x = a, *y = b;
	if (x->records != y->records)
		return x->records > y->records ? -1 : 1;
	if (x->image != y->image)
		return x->image < y->image ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

bool an_records_by_insn(const struct pmrec_stream *s, uint32_t min_lat, size_t image,
                        struct an_rec_insn **out, size_t *n)
{
	const struct pmrec **p = malloc((s->n + 1) * sizeof *p);
	struct an_rec_insn *a = calloc(s->n + 1, sizeof *a);
	if (!p || !a) {
		free(p);
		free(a);
		return false;
	}
	size_t np = 0, k = 0;
	for (size_t i = 0; i < s->n; i++)
		if (s->rec[i].r.lat >= min_lat && (image == SIZE_MAX || s->rec[i].image == image))
			p[np++] = &s->rec[i];
	qsort(p, np, sizeof *p, key_cmp);
	for (size_t i = 0; i < np; i++) {
		const struct pmrec *e = p[i];
		if (!i || key_cmp(&p[i - 1], &p[i])) {
			a[k++] = (struct an_rec_insn){ .image = e->image, .offset = e->offset,
				.pc = e->r.pc, .op = PM_F_OP(e->r.flags), .ea_min = UINT64_MAX };
		}
		struct an_rec_insn *t = &a[k - 1];
		t->records++;
		*(e->r.flags & PM_F_RETIRED ? &t->retired : &t->killed) += 1;
		t->dmiss += e->r.events >> REC_EV_dmiss & 1;
		if (e->r.ea) {
			t->with_ea++;
			if (e->r.ea < t->ea_min)
				t->ea_min = e->r.ea;
			if (e->r.ea > t->ea_max)
				t->ea_max = e->r.ea;
		}
		t->lat_sum += e->r.lat;
		if (e->r.lat > t->lat_max)
			t->lat_max = e->r.lat;
		t->head_sum += e->r.head;
		t->hist[an_records_bin(e->r.lat)]++;
	}
	free(p);
	qsort(a, k, sizeof *a, insn_cmp);
	*out = a;
	*n = k;
	return true;
}
