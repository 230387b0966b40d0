/*
 * truthfile.c - reading a truth file (analysis/lib/truthfile.h).
 */
#include "analysis/lib/truthfile.h"
#include "util/infile.h"
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* An image table entry without its path; a record without its columns
 * (docs/truth-format.md). */
#define IMAGE_BYTES (4 * 4 + 5 * 8)
#define REC_BYTES   (2 * 4 + 3 * 8)

static const char *const cause_names[TC_N] = {
#define X(n, d) #n,
	TRUTH_CAUSES(X)
#undef X
};

/* Reading state: the first error wins, later reads do nothing. */
struct rd {
	struct truthfile *t;
	char *err;
	size_t errlen;
	bool failed;
};

static bool fail(struct rd *r, const char *fmt, ...)
{
	if (r->failed)
		return false;
	char what[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(r->err, r->errlen, "%s: %s", r->t->path, what);
	r->failed = true;
	return false;
}

static bool get(struct rd *r, void *buf, size_t n)
{
	if (r->failed)
		return false;
	if (fread(buf, 1, n, r->t->f) != n)
		return fail(r, "%s", ferror(r->t->f) ? strerror(errno) : "truncated file");
	return true;
}

/* The bytes of the file after the position: what a table or the
 * records may claim at most. */
static uint64_t left(struct rd *r)
{
	long at = ftell(r->t->f);
	return at < 0 || (uint64_t)at > r->t->size ? 0 : r->t->size - (uint64_t)at;
}

static uint64_t get64(struct rd *r)
{
	unsigned char b[8] = { 0 };
	get(r, b, 8);
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static uint32_t get32(struct rd *r)
{
	unsigned char b[4] = { 0 };
	get(r, b, 4);
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void get_name(struct rd *r, char *buf)
{
	for (size_t n = 0; !r->failed; n++) {
		int ch = getc(r->t->f);
		if (ch == EOF) {
			fail(r, "truncated file");
		} else if (n == TRUTHFILE_NAME_MAX) {
			fail(r, "bad name table");
		} else {
			buf[n] = (char)ch;
			if (!ch)
				return;
		}
	}
	buf[0] = 0;
}

static void get_images(struct rd *r)
{
	struct truthfile *t = r->t;
	uint64_t n = get64(r);
	if (r->failed)
		return;
	/* an entry takes IMAGE_BYTES at least: no more than the file holds */
	if (n > (1u << 24) || n > left(r) / IMAGE_BYTES ||
	    !(t->img = calloc(n + 1, sizeof *t->img))) {
		fail(r, "bad image table");
		return;
	}
	for (uint64_t i = 0; i < n && !r->failed; i++) {
		struct truthfile_image *im = &t->img[i];
		im->asn = get32(r);
		im->pid = get32(r);
		im->cpu = get32(r);
		uint32_t plen = get32(r);
		im->cycles = get64(r);
		im->base = get64(r);
		im->size = get64(r);
		im->offset = get64(r);
		im->ident = get64(r);
		if (r->failed)
			break;
		t->nimg = i + 1;
		if (plen > 4096 || !(im->path = calloc(plen + 1, 1)))
			fail(r, "bad image table");
		else
			get(r, im->path, plen);
	}
}

bool truthfile_open(struct truthfile *t, const char *path, char *err, size_t errlen)
{
	memset(t, 0, sizeof *t);
	struct rd r = { t, err, errlen, false };
	if (!(t->path = strdup(path))) {
		snprintf(err, errlen, "%s: out of memory", path);
		return false;
	}
	/* a regular file, not a link, never waited on (util/infile.h): a
	 * truth file beside a database could be a guest's */
	int fd = infile_open(path, true, &t->size, err, errlen);
	r.failed = fd < 0;
	if (fd >= 0 && !(t->f = fdopen(fd, "rb"))) {
		fail(&r, "%s", strerror(errno));
		close(fd);
	}
	char magic[8];
	if (get(&r, magic, 8) && memcmp(magic, "ASTRUTH\n", 8))
		fail(&r, "not an alphasim truth file");
	t->version = get32(&r);
	if (!r.failed && (t->version < 1 || t->version > 3))
		fail(&r, "unsupported truth file version %u", t->version);
	t->ncause = get32(&r);
	t->nevent = get32(&r);
	t->npalfor = t->version >= 3 ? get32(&r) : 0;
	t->ncpus = get32(&r);
	uint32_t plen = get32(&r);
	if (!r.failed && (t->ncause > TRUTHFILE_MAX_COLS || t->nevent > TRUTHFILE_MAX_COLS ||
	                  t->npalfor > TRUTHFILE_MAX_COLS ||
	                  t->ncpus > TRUTHFILE_MAX_CPUS || plen > (1u << 20)))
		fail(&r, "bad header");
	if (!r.failed && !(t->params = calloc(plen + 1, 1)))
		fail(&r, "out of memory");
	get(&r, t->params, plen);
	for (uint32_t k = 0; k < t->ncause && !r.failed; k++) {
		get_name(&r, t->cause_name[k]);
		t->cause_tc[k] = -1;
		for (unsigned c = 0; c < TC_N; c++)
			if (!strcmp(t->cause_name[k], cause_names[c]))
				t->cause_tc[k] = (int)c;
	}
	for (uint32_t k = 0; k < t->nevent && !r.failed; k++)
		get_name(&r, t->event_name[k]);
	for (uint32_t k = 0; k < t->npalfor && !r.failed; k++)
		get_name(&r, t->palfor_name[k]);
	if (!r.failed && (!(t->cpu_cycles = calloc(t->ncpus + 1, 8)) ||
	                  !(t->cpu_insns = calloc(t->ncpus + 1, 8)) ||
	                  !(t->cpu_owed = calloc(t->ncpus + 1, 8))))
		fail(&r, "out of memory");
	for (uint32_t k = 0; k < t->ncpus && !r.failed; k++) {
		t->cycles += t->cpu_cycles[k] = get64(&r);
		t->insns += t->cpu_insns[k] = get64(&r);
		if (t->version >= 3)
			t->owed += t->cpu_owed[k] = get64(&r);
	}
	if (t->version >= 2)
		get_images(&r);
	t->nrec = get64(&r);
	/* the records the file can hold: a count beyond them is a
	 * truncated file now, not after reading to its end */
	uint64_t rec = REC_BYTES + 8ull * (t->ncause + t->nevent + t->npalfor);
	if (!r.failed && t->nrec > left(&r) / rec)
		fail(&r, "truncated file (%" PRIu64 " records announced, room for %" PRIu64 ")",
		     t->nrec, left(&r) / rec);
	if (r.failed) {
		truthfile_close(t);
		return false;
	}
	return true;
}

int truthfile_next(struct truthfile *t, struct truthfile_rec *rec, char *err, size_t errlen)
{
	struct rd r = { t, err, errlen, false };
	if (t->read == t->nrec) {
		if (getc(t->f) != EOF)
			return fail(&r, "trailing data"), -1;
		return 0;
	}
	rec->space = get32(&r);
	get32(&r);
	rec->pc = get64(&r);
	rec->count = get64(&r);
	rec->head = get64(&r);
	for (uint32_t k = 0; k < t->ncause; k++)
		rec->cause[k] = get64(&r);
	for (uint32_t k = 0; k < t->nevent; k++)
		rec->event[k] = get64(&r);
	for (uint32_t k = 0; k < t->npalfor; k++)
		rec->palfor[k] = get64(&r);
	if (r.failed)
		return -1;
	t->read++;
	return 1;
}

void truthfile_close(struct truthfile *t)
{
	if (t->f)
		fclose(t->f);
	for (size_t i = 0; i < t->nimg; i++)
		free(t->img[i].path);
	free(t->img);
	free(t->params);
	free(t->cpu_cycles);
	free(t->cpu_insns);
	free(t->cpu_owed);
	free(t->path);
	memset(t, 0, sizeof *t);
}

const struct truthfile_image *truthfile_image_of(const struct truthfile *t, uint32_t space,
                                                 uint64_t pc, uint64_t *off)
{
	uint64_t va = space == TRUTHFILE_SPACE_PAL ? pc + TRUTHFILE_KSEG : pc;
	for (size_t i = t->nimg; i-- > 0;) {
		const struct truthfile_image *im = &t->img[i];
		if ((im->pid == 0 || (space != TRUTHFILE_SPACE_PAL && im->asn == space)) &&
		    va - im->base < im->size) {
			*off = va - im->base + im->offset;
			return im;
		}
	}
	return NULL;
}

bool truthfile_balanced(const struct truthfile *t, const struct truthfile_rec *r)
{
	uint64_t sum = 0;
	for (uint32_t k = 0; k < t->ncause; k++)
		sum += r->cause[k];
	return sum == r->head;
}

int truthfile_cause_col(const struct truthfile *t, unsigned c)
{
	for (uint32_t k = 0; k < t->ncause; k++)
		if (t->cause_tc[k] == (int)c)
			return (int)k;
	return -1;
}
