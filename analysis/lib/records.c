/*
 * records.c - a database's record streams read back and summed per
 * instruction (analysis/lib/records.h; docs/precise.md, "The record stream").
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analysis/lib/records.h"
#include "abi/truth.h"
#include "analysis/lib/truthfile.h"
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

bool an_records_dmiss(const struct pm_record *r)
{
	return r->events >> REC_EV_dmiss & 1;
}

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
		t->dmiss += an_records_dmiss(&e->r);
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

/* Instructions by (image, offset), for the truth's lookups. */
static int at_cmp(const void *a, const void *b)
{
	const struct an_rec_insn *x = *(const struct an_rec_insn *const *)a;
	const struct an_rec_insn *y = *(const struct an_rec_insn *const *)b;
	if (x->image != y->image)
		return x->image < y->image ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

bool an_records_truth(const char *path, const struct pmrec_stream *s, struct an_rec_insn *a,
                      size_t n, char *err, size_t errlen)
{
	struct truthfile t;
	if (!truthfile_open(&t, path, err, errlen))
		return false;
	struct an_rec_insn **by = malloc((n + 1) * sizeof *by);
	/* each truth image's stream image, or PMREC_NO_IMAGE */
	uint32_t *img = malloc((t.nimg + 1) * sizeof *img);
	if (!by || !img) {
		free(by);
		free(img);
		truthfile_close(&t);
		return prof_fail(err, errlen, "%s: out of memory", path);
	}
	for (size_t i = 0; i < n; i++) {
		by[i] = &a[i];
		a[i].found = false;
		a[i].true_count = a[i].true_dmiss = 0;
	}
	qsort(by, n, sizeof *by, at_cmp);
	for (size_t i = 0; i < t.nimg; i++) {
		img[i] = PMREC_NO_IMAGE;
		for (size_t j = 0; j < s->nimg; j++)
			if (s->img[j].id == t.img[i].ident && !strcmp(s->img[j].path, t.img[i].path))
				img[i] = (uint32_t)j;
	}
	int dmiss = -1;
	for (uint32_t k = 0; k < t.nevent; k++)
		if (!strcmp(t.event_name[k], "dmiss"))
			dmiss = (int)k;
	struct truthfile_rec r;
	int got;
	while ((got = truthfile_next(&t, &r, err, errlen)) > 0) {
		uint64_t off;
		const struct truthfile_image *ti = truthfile_image_of(&t, r.space, r.pc, &off);
		if (!ti || img[ti - t.img] == PMREC_NO_IMAGE)
			continue;
		struct an_rec_insn key = { .image = img[ti - t.img], .offset = off }, *kp = &key;
		struct an_rec_insn **hit = bsearch(&kp, by, n, sizeof *by, at_cmp);
		if (!hit)
			continue;
		(*hit)->found = true;
		(*hit)->true_count += r.count;
		if (dmiss >= 0)
			(*hit)->true_dmiss += r.event[dmiss];
	}
	free(by);
	free(img);
	truthfile_close(&t);
	return got == 0;
}
