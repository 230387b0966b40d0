/*
 * pprof.c - profile.proto's messages (analysis/report/pprof.h).  The field
 * numbers are those of pprof's proto/profile.proto.
 */
#include "analysis/report/pprof.h"
#include "util/fail.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum {   /* message Profile */
	PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE = 2, PROFILE_MAPPING = 3, PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5, PROFILE_STRING_TABLE = 6, PROFILE_PERIOD_TYPE = 11,
	PROFILE_PERIOD = 12, PROFILE_COMMENT = 13, PROFILE_DEFAULT_SAMPLE_TYPE = 14,
};
enum { VALUETYPE_TYPE = 1, VALUETYPE_UNIT = 2 };
enum { SAMPLE_LOCATION_ID = 1, SAMPLE_VALUE = 2, SAMPLE_LABEL = 3 };
enum { LABEL_KEY = 1, LABEL_STR = 2, LABEL_NUM = 3, LABEL_NUM_UNIT = 4 };
enum {
	MAPPING_ID = 1, MAPPING_MEMORY_START = 2, MAPPING_MEMORY_LIMIT = 3,
	MAPPING_FILE_OFFSET = 4, MAPPING_FILENAME = 5, MAPPING_BUILD_ID = 6,
	MAPPING_HAS_FUNCTIONS = 7, MAPPING_HAS_FILENAMES = 8, MAPPING_HAS_LINE_NUMBERS = 9,
	MAPPING_HAS_INLINE_FRAMES = 10,
};
enum { LOCATION_ID = 1, LOCATION_MAPPING_ID = 2, LOCATION_ADDRESS = 3, LOCATION_LINE = 4 };
enum { LINE_FUNCTION_ID = 1, LINE_LINE = 2 };
enum { FUNCTION_ID = 1, FUNCTION_NAME = 2, FUNCTION_SYSTEM_NAME = 3, FUNCTION_FILENAME = 4,
       FUNCTION_START_LINE = 5 };

void pprof_init(struct pprof *p)
{
	memset(p, 0, sizeof *p);
	pprof_str(p, "");            /* index 0 is the empty string */
}

void pprof_free(struct pprof *p)
{
	for (size_t i = 0; i < p->nstr; i++)
		free(p->str[i]);
	free(p->str);
	free(p->slot);
	pb_free(&p->body);
	memset(p, 0, sizeof *p);
}

static size_t hash(const char *s)
{
	uint64_t h = 14695981039346656037ull;   /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return (size_t)h;
}

static bool grow_slots(struct pprof *p)
{
	size_t n = p->nslot ? 2 * p->nslot : 1024;
	size_t *slot = calloc(n, sizeof *slot);
	if (!slot)
		return false;
	for (size_t i = 0; i < p->nstr; i++) {
		size_t h = hash(p->str[i]) & (n - 1);
		while (slot[h])
			h = (h + 1) & (n - 1);
		slot[h] = i + 1;
	}
	free(p->slot);
	p->slot = slot;
	p->nslot = n;
	return true;
}

int64_t pprof_str(struct pprof *p, const char *s)
{
	if (!s || p->oom)
		return 0;
	if (2 * (p->nstr + 1) > p->nslot && !grow_slots(p)) {
		p->oom = true;
		return 0;
	}
	size_t h = hash(s) & (p->nslot - 1);
	for (; p->slot[h]; h = (h + 1) & (p->nslot - 1))
		if (!strcmp(p->str[p->slot[h] - 1], s))
			return (int64_t)(p->slot[h] - 1);
	if (p->nstr == p->capstr) {
		size_t cap = p->capstr ? 2 * p->capstr : 256;
		char **a = realloc(p->str, cap * sizeof *a);
		if (!a) {
			p->oom = true;
			return 0;
		}
		p->str = a;
		p->capstr = cap;
	}
	if (!(p->str[p->nstr] = strdup(s))) {
		p->oom = true;
		return 0;
	}
	p->slot[h] = ++p->nstr;
	return (int64_t)(p->nstr - 1);
}

/* A nested message m (consumed) as field f of the profile. */
static void add(struct pprof *p, unsigned f, struct pbuf *m)
{
	if (m->oom)
		p->oom = true;
	pb_msg(&p->body, f, m);
	pb_free(m);
}

static void value_type(struct pprof *p, unsigned f, const char *type, const char *unit)
{
	struct pbuf m = { 0 };
	pb_uint(&m, VALUETYPE_TYPE, (uint64_t)pprof_str(p, type));
	pb_uint(&m, VALUETYPE_UNIT, (uint64_t)pprof_str(p, unit));
	add(p, f, &m);
}

void pprof_sample_type(struct pprof *p, const char *type, const char *unit)
{
	value_type(p, PROFILE_SAMPLE_TYPE, type, unit);
}

void pprof_default_type(struct pprof *p, const char *type)
{
	pb_uint(&p->body, PROFILE_DEFAULT_SAMPLE_TYPE, (uint64_t)pprof_str(p, type));
}

void pprof_period(struct pprof *p, const char *type, const char *unit, int64_t period)
{
	value_type(p, PROFILE_PERIOD_TYPE, type, unit);
	pb_uint(&p->body, PROFILE_PERIOD, (uint64_t)period);
}

void pprof_comment(struct pprof *p, const char *text)
{
	pb_uint(&p->body, PROFILE_COMMENT, (uint64_t)pprof_str(p, text));
}

uint64_t pprof_mapping(struct pprof *p, const struct pprof_mapping *mp)
{
	struct pbuf m = { 0 };
	uint64_t id = ++p->nmapping;
	pb_uint(&m, MAPPING_ID, id);
	pb_uint(&m, MAPPING_MEMORY_START, mp->start);
	pb_uint(&m, MAPPING_MEMORY_LIMIT, mp->limit);
	pb_uint(&m, MAPPING_FILE_OFFSET, mp->file_offset);
	pb_uint(&m, MAPPING_FILENAME, (uint64_t)pprof_str(p, mp->file));
	pb_uint(&m, MAPPING_BUILD_ID, (uint64_t)pprof_str(p, mp->build_id));
	pb_uint(&m, MAPPING_HAS_FUNCTIONS, mp->has_functions);
	pb_uint(&m, MAPPING_HAS_FILENAMES, mp->has_lines);
	pb_uint(&m, MAPPING_HAS_LINE_NUMBERS, mp->has_lines);
	pb_uint(&m, MAPPING_HAS_INLINE_FRAMES, mp->has_inline_frames);
	add(p, PROFILE_MAPPING, &m);
	return id;
}

uint64_t pprof_function(struct pprof *p, const char *name, const char *filename,
                        int64_t start_line)
{
	struct pbuf m = { 0 };
	uint64_t id = ++p->nfunction;
	int64_t n = pprof_str(p, name);
	pb_uint(&m, FUNCTION_ID, id);
	pb_uint(&m, FUNCTION_NAME, (uint64_t)n);
	pb_uint(&m, FUNCTION_SYSTEM_NAME, (uint64_t)n);
	pb_uint(&m, FUNCTION_FILENAME, (uint64_t)pprof_str(p, filename));
	pb_uint(&m, FUNCTION_START_LINE, (uint64_t)start_line);
	add(p, PROFILE_FUNCTION, &m);
	return id;
}

uint64_t pprof_location(struct pprof *p, uint64_t mapping, uint64_t address,
                        const struct pprof_line *lines, size_t nlines)
{
	struct pbuf m = { 0 };
	uint64_t id = ++p->nlocation;
	pb_uint(&m, LOCATION_ID, id);
	pb_uint(&m, LOCATION_MAPPING_ID, mapping);
	pb_uint(&m, LOCATION_ADDRESS, address);
	for (size_t i = 0; i < nlines; i++) {
		struct pbuf l = { 0 };
		pb_uint(&l, LINE_FUNCTION_ID, lines[i].function);
		pb_uint(&l, LINE_LINE, (uint64_t)lines[i].line);
		if (l.oom)
			m.oom = true;
		pb_msg(&m, LOCATION_LINE, &l);
		pb_free(&l);
	}
	add(p, PROFILE_LOCATION, &m);
	return id;
}

void pprof_sample(struct pprof *p, const uint64_t *locations, size_t nlocations,
                  const int64_t *values, size_t nvalues, const struct pprof_label *labels,
                  size_t nlabels)
{
	struct pbuf m = { 0 };
	uint64_t v[64];
	pb_packed(&m, SAMPLE_LOCATION_ID, locations, nlocations);
	for (size_t i = 0; i < nvalues; i += 64) {
		size_t k = nvalues - i < 64 ? nvalues - i : 64;
		for (size_t j = 0; j < k; j++)
			v[j] = (uint64_t)values[i + j];
		pb_packed(&m, SAMPLE_VALUE, v, k);
	}
	for (size_t i = 0; i < nlabels; i++) {
		struct pbuf l = { 0 };
		pb_uint(&l, LABEL_KEY, (uint64_t)pprof_str(p, labels[i].key));
		if (labels[i].str) {
			pb_uint(&l, LABEL_STR, (uint64_t)pprof_str(p, labels[i].str));
		} else {
			pb_uint(&l, LABEL_NUM, (uint64_t)labels[i].num);
			pb_uint(&l, LABEL_NUM_UNIT, (uint64_t)pprof_str(p, labels[i].num_unit));
		}
		if (l.oom)
			m.oom = true;
		pb_msg(&m, SAMPLE_LABEL, &l);
		pb_free(&l);
	}
	add(p, PROFILE_SAMPLE, &m);
}

bool pprof_write(struct pprof *p, FILE *f, char *err, size_t errlen)
{
	struct pbuf all = { 0 };
	pb_raw(&all, p->body.b, p->body.n);
	for (size_t i = 0; i < p->nstr; i++)
		pb_bytes(&all, PROFILE_STRING_TABLE, p->str[i], strlen(p->str[i]));
	if (p->oom || p->body.oom || all.oom) {
		pb_free(&all);
		FAIL("out of memory");
	}
	/* windowBits 15 + 16: a gzip header and trailer (zlib.h,
	 * deflateInit2); its time stamp is 0, so that one database gives
	 * the same bytes every time */
	z_stream z = { 0 };
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
	                 Z_DEFAULT_STRATEGY) != Z_OK) {
		pb_free(&all);
		FAIL("zlib: cannot start compressing");
	}
	unsigned char out[1 << 16];
	z.next_in = all.b;
	int st = Z_OK;
	size_t left = all.n;
	while (st == Z_OK) {
		/* avail_in is an unsigned int: feed large profiles in parts */
		if (!z.avail_in && left) {
			z.avail_in = left > (1u << 30) ? 1u << 30 : (unsigned)left;
			left -= z.avail_in;
		}
		z.next_out = out;
		z.avail_out = sizeof out;
		st = deflate(&z, left || z.avail_in ? Z_NO_FLUSH : Z_FINISH);
		fwrite(out, 1, sizeof out - z.avail_out, f);
		if (st == Z_BUF_ERROR)
			st = Z_OK;   /* no progress possible this round: more input */
	}
	deflateEnd(&z);
	pb_free(&all);
	if (st != Z_STREAM_END)
		FAIL("zlib: compressing failed (%d)", st);
	return true;
}
