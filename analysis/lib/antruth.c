/*
 * antruth.c - the truth by image and offset (analysis/lib/antruth.h).
 */
#include "analysis/lib/antruth.h"
#include "analysis/lib/truthfile.h"
#include "util/fail.h"
#include "util/search.h"
#include "util/xalloc.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const an_truth_cause_name[TC_N] = {
#define X(n, d) #n,
	TRUTH_CAUSES(X)
#undef X
};

/* The cause a PAL cycle run on an instruction's behalf counts under, by
 * the truth file's name of why PALcode ran (abi/truth.h TRUTH_PALFOR). */
static int palfor_cause(const char *why)
{
	static const struct { const char *why; int cause; } map[] = {
		{ "dtb", TC_dtbmiss }, { "itb", TC_itbmiss }, { "profiling", TC_profiling },
	};
	for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
		if (!strcmp(why, map[k].why))
			return map[k].cause;
	return TC_pal;
}

static int by_off(const void *a, const void *b)
{
	const struct an_truth_insn *x = a, *y = b;
	return x->off < y->off ? -1 : x->off > y->off;
}

static struct an_truth_image *image_for(struct an_truth *t, const char *path, uint64_t ident)
{
	for (size_t i = 0; i < t->nimg; i++)
		if (t->img[i].ident == ident && !strcmp(t->img[i].path, path))
			return &t->img[i];
	struct an_truth_image *a = realloc(t->img, (t->nimg + 1) * sizeof *a);
	if (!a)
		return NULL;
	t->img = a;
	struct an_truth_image *im = &a[t->nimg];
	memset(im, 0, sizeof *im);
	if (!(im->path = strdup(path)))
		return NULL;
	im->ident = ident;
	t->nimg++;
	return im;
}

static struct an_truth_insn *push(struct an_truth_image *im)
{
	if (!xalloc_room((void **)&im->r, im->n, sizeof *im->r))
		return NULL;
	return &im->r[im->n++];
}

/* Sort each image's records and add up those at one offset (the same
 * instruction run by several processes). */
static void merge(struct an_truth *t)
{
	for (size_t i = 0; i < t->nimg; i++) {
		struct an_truth_image *im = &t->img[i];
		qsort(im->r, im->n, sizeof *im->r, by_off);
		size_t out = 0;
		for (size_t k = 0; k < im->n; k++) {
			if (out && im->r[out - 1].off == im->r[k].off) {
				struct an_truth_insn *d = &im->r[out - 1];
				d->count += im->r[k].count;
				d->head += im->r[k].head;
				for (unsigned c = 0; c < TC_N; c++)
					d->cause[c] += im->r[k].cause[c];
			} else {
				im->r[out++] = im->r[k];
			}
		}
		im->n = out;
	}
}

/* The machine description: "key=value" lines, each one this simulator
 * takes (a file from a later version may have more: those are left). */
static bool machine(struct an_truth *t, const char *text, char *err, size_t errlen)
{
	params_default(&t->params);
	for (const char *l = text; *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		char kv[256], why[256];
		if (n >= sizeof kv)
			FAIL("%s: bad machine description", t->path);
		memcpy(kv, l, n);
		kv[n] = 0;
		/* a key this simulator does not know is a later one's: left */
		if (n && !params_set(&t->params, kv, why, sizeof why) && !strstr(why, "unknown"))
			FAIL("%s: machine description: %s", t->path, why);
		l += n + (nl != NULL);
	}
	return true;
}

bool an_truth_load(struct an_truth *t, const char *path, char *err, size_t errlen)
{
	memset(t, 0, sizeof *t);
	struct truthfile f;
	if (!truthfile_open(&f, path, err, errlen))
		return false;
	static struct truthfile_rec r;
	int col[TC_N], pcol[TRUTHFILE_MAX_COLS];
	for (unsigned c = 0; c < TC_N; c++)
		col[c] = truthfile_cause_col(&f, c);
	for (uint32_t k = 0; k < f.npalfor; k++)
		pcol[k] = palfor_cause(f.palfor_name[k]);
	bool ok = (t->path = strdup(path)) != NULL;
	if (!ok)
		snprintf(err, errlen, "%s: out of memory", path);
	/* before version 3 PALcode's cycles are PALcode's alone: compared
	 * with samples they would be called wrong (antruth.h) */
	if (ok && f.version < 3) {
		snprintf(err, errlen, "%s: truth file version %u has no record of the PAL cycles "
		         "run for each instruction (version 3 on); run alphasim again", path,
		         f.version);
		ok = false;
	}
	ok = ok && machine(t, f.params, err, errlen);
	t->cycles = f.cycles;
	int got = 0;
	while (ok && (got = truthfile_next(&f, &r, err, errlen)) > 0) {
		if (!truthfile_balanced(&f, &r)) {
			snprintf(err, errlen, "%s: corrupt: the causes of pc 0x%llx do not add up to "
			         "its head cycles", path, (unsigned long long)r.pc);
			ok = false;
			break;
		}
		if (r.space == TRUTHFILE_SPACE_PAL)
			t->pal_head += r.head;
		uint64_t off;
		const struct truthfile_image *fi = truthfile_image_of(&f, r.space, r.pc, &off);
		if (!fi)
			continue;
		struct an_truth_image *im = image_for(t, fi->path, fi->ident);
		struct an_truth_insn *x = im ? push(im) : NULL;
		if (!x) {
			snprintf(err, errlen, "%s: out of memory", path);
			ok = false;
			break;
		}
		memset(x, 0, sizeof *x);
		x->off = off;
		x->count = r.count;
		if (r.space == TRUTHFILE_SPACE_PAL)
			continue;       /* its cycles are the instructions' it ran for */
		x->head = r.head;
		for (unsigned c = 0; c < TC_N; c++)
			x->cause[c] = col[c] >= 0 ? r.cause[col[c]] : 0;
		for (uint32_t k = 0; k < f.npalfor; k++) {
			x->head += r.palfor[k];
			x->cause[pcol[k]] += r.palfor[k];
		}
	}
	ok = ok && got == 0;
	truthfile_close(&f);
	if (!ok) {
		an_truth_free(t);
		return false;
	}
	merge(t);
	return true;
}

void an_truth_free(struct an_truth *t)
{
	for (size_t i = 0; i < t->nimg; i++) {
		free(t->img[i].path);
		free(t->img[i].r);
	}
	free(t->img);
	free(t->path);
	memset(t, 0, sizeof *t);
}

const struct an_truth_image *an_truth_image(const struct an_truth *t, const char *path,
                                            uint64_t ident)
{
	for (size_t i = 0; i < t->nimg; i++)
		if (t->img[i].ident == ident && !strcmp(t->img[i].path, path))
			return &t->img[i];
	return NULL;
}

const struct an_truth_insn *an_truth_at(const struct an_truth_image *ti, uint64_t off)
{
	size_t lo = search_lower_u64(ti->r, ti->n, sizeof *ti->r,
	                             offsetof(struct an_truth_insn, off), off);
	return lo < ti->n && ti->r[lo].off == off ? &ti->r[lo] : NULL;
}
