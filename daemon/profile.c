/*
 * profile.c - a profile in memory, merging two, and the file format
 * (docs/dcpi-db.md): a text header of "key value" lines ended by an
 * empty line, a binary body of LEB128 varints, delta-encoded offsets,
 * and a CRC-32 of everything before it.
 */
#define _GNU_SOURCE               /* memmem */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "daemon/crc32.h"
#include "daemon/profile.h"

#define MAGIC "dcpi-profile"
#define HEADER_MAX 1024              /* bounds a header: path + numbers */
#define VARINT_MAX 10                /* 64 bits, 7 to a byte */

const char *const prof_kind_names[PROF_NKINDS] = { "user", "kernel", "unknown" };

bool prof_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return false;
}

void prof_init(struct prof *p)
{
	memset(p, 0, sizeof *p);
}

void prof_free(struct prof *p)
{
	free(p->e);
	p->e = NULL;
	p->n = p->cap = 0;
}

static bool reserve(struct prof *p, size_t n)
{
	if (n <= p->cap)
		return true;
	size_t cap = p->cap ? p->cap : 64;
	while (cap < n)
		cap *= 2;
	struct prof_entry *e = realloc(p->e, cap * sizeof *e);
	if (!e)
		return false;
	p->e = e;
	p->cap = cap;
	return true;
}

bool prof_push(struct prof *p, uint32_t pid, uint64_t offset, uint64_t count)
{
	if (count > UINT64_MAX - p->samples || !reserve(p, p->n + 1))
		return false;
	p->e[p->n++] = (struct prof_entry){ offset, count, pid };
	p->samples += count;
	return true;
}

static int key_cmp(const struct prof_entry *a, const struct prof_entry *b)
{
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static int entry_cmp(const void *a, const void *b)
{
	return key_cmp(a, b);
}

bool prof_sort(struct prof *p)
{
	if (!p->n)                   /* qsort may not be given a NULL array */
		return true;
	qsort(p->e, p->n, sizeof *p->e, entry_cmp);
	size_t out = 0;
	for (size_t i = 0; i < p->n; i++) {
		if (!p->e[i].count)
			continue;
		if (out && !key_cmp(&p->e[out - 1], &p->e[i])) {
			if (p->e[i].count > UINT64_MAX - p->e[out - 1].count)
				return false;
			p->e[out - 1].count += p->e[i].count;
		} else {
			p->e[out++] = p->e[i];
		}
	}
	p->n = out;
	return true;
}

bool prof_merge(struct prof *dst, const struct prof *src, char *err, size_t errlen)
{
	if (dst->id != src->id || dst->kind != src->kind || strcmp(dst->event, src->event))
		return prof_fail(err, errlen, "cannot merge %s/%s (id %016" PRIx64 ") into "
		            "%s/%s (id %016" PRIx64 ")", src->path, src->event, src->id,
		            dst->path, dst->event, dst->id);
	if (src->samples > UINT64_MAX - dst->samples ||
	    src->monitored > UINT64_MAX - dst->monitored ||
	    src->elapsed > UINT64_MAX - dst->elapsed)
		return prof_fail(err, errlen, "%s/%s: counts overflow 64 bits when merged",
		            dst->path, dst->event);
	struct prof_entry *e = malloc((dst->n + src->n) * sizeof *e + 1);
	if (!e)
		return prof_fail(err, errlen, "out of memory merging %s", dst->path);
	/* The two sorted lists, merged; a key in both cannot overflow since
	 * the sums of all counts do not. */
	size_t i = 0, j = 0, n = 0;
	while (i < dst->n || j < src->n) {
		int c = i == dst->n ? 1 : j == src->n ? -1 : key_cmp(&dst->e[i], &src->e[j]);
		if (c < 0) {
			e[n++] = dst->e[i++];
		} else if (c > 0) {
			e[n++] = src->e[j++];
		} else {
			e[n] = dst->e[i++];
			e[n++].count += src->e[j++].count;
		}
	}
	uint64_t samples = dst->samples + src->samples;
	if (samples)
		dst->period = (dst->period * (double)dst->samples +
		               src->period * (double)src->samples) / (double)samples;
	else
		dst->period = src->period;
	if (!dst->text_size) {
		dst->text_off = src->text_off;
		dst->text_size = src->text_size;
	} else if (src->text_size) {
		uint64_t lo = dst->text_off < src->text_off ? dst->text_off : src->text_off;
		uint64_t hi = dst->text_off + dst->text_size;
		if (src->text_off + src->text_size > hi)
			hi = src->text_off + src->text_size;
		dst->text_off = lo;
		dst->text_size = hi - lo;
	}
	dst->samples = samples;
	dst->monitored += src->monitored;
	dst->elapsed += src->elapsed;
	free(dst->e);
	dst->e = e;
	dst->n = dst->cap = n;
	return true;
}

/* ---- encoding ----------------------------------------------------------- */

static size_t put_varint(unsigned char *b, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		b[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	b[n++] = (unsigned char)v;
	return n;
}

/* Groups of entries with one pid: pid, number of entries, then (offset
 * delta, count) pairs, the first delta from 0. */
static size_t encode_body(const struct prof *p, unsigned char *b)
{
	size_t len = 0;
	for (size_t i = 0; i < p->n;) {
		size_t j = i;
		while (j < p->n && p->e[j].pid == p->e[i].pid)
			j++;
		len += put_varint(b + len, p->e[i].pid);
		len += put_varint(b + len, j - i);
		for (uint64_t prev = 0; i < j; prev = p->e[i++].offset) {
			len += put_varint(b + len, p->e[i].offset - prev);
			len += put_varint(b + len, p->e[i].count);
		}
	}
	return len;
}

static bool header_safe(const char *s)
{
	return *s && !strchr(s, '\n');
}

bool prof_encode(const struct prof *p, unsigned char **buf, size_t *len,
                 char *err, size_t errlen)
{
	if (!header_safe(p->path) || !header_safe(p->event) || strchr(p->event, ' '))
		return prof_fail(err, errlen, "profile of '%s' for event '%s': empty or "
		            "multi-line name", p->path, p->event);
	if (!(p->period > 0) || !isfinite(p->period) || p->monitored > p->elapsed)
		return prof_fail(err, errlen, "profile of '%s' for event '%s': period %g, "
		            "monitored %" PRIu64 " of %" PRIu64 " cycles", p->path, p->event,
		            p->period, p->monitored, p->elapsed);
	unsigned char *body = malloc(p->n * 4 * VARINT_MAX + 1);
	if (!body)
		return prof_fail(err, errlen, "out of memory encoding %s", p->path);
	size_t blen = encode_body(p, body);
	char hdr[HEADER_MAX];
	int hlen = snprintf(hdr, sizeof hdr,
		MAGIC " %d\nimage %s\nkind %s\nid 0x%016" PRIx64 "\ntext 0x%" PRIx64 " 0x%" PRIx64
		"\nevent %s\nperiod %.17g\nmonitored %" PRIu64 " %" PRIu64
		"\nsamples %" PRIu64 "\nentries %zu\nbody %zu\n\n",
		PROF_VERSION, p->path, prof_kind_names[p->kind], p->id, p->text_off, p->text_size, p->event,
		p->period, p->monitored, p->elapsed, p->samples, p->n, blen);
	unsigned char *out = malloc((size_t)hlen + blen + 4);
	if (!out) {
		free(body);
		return prof_fail(err, errlen, "out of memory encoding %s", p->path);
	}
	memcpy(out, hdr, (size_t)hlen);
	memcpy(out + hlen, body, blen);
	free(body);
	uint32_t crc = crc32_update(0, out, (size_t)hlen + blen);
	for (int k = 0; k < 4; k++)
		out[(size_t)hlen + blen + (size_t)k] = (unsigned char)(crc >> 8 * k);
	*buf = out;
	*len = (size_t)hlen + blen + 4;
	return true;
}

/* ---- decoding ----------------------------------------------------------- */

struct cursor {
	const char *p, *end;         /* the header, without its empty line */
	const char *name;
	char *err;
	size_t errlen;
};

/* The value of the next header line, which must be "key value"; its
 * length in *n. */
static const char *field(struct cursor *c, const char *key, size_t *n)
{
	size_t k = strlen(key);
	const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
	if (!nl)
		nl = c->end;
	if ((size_t)(nl - c->p) <= k || memcmp(c->p, key, k) || c->p[k] != ' ') {
		prof_fail(c->err, c->errlen, "%s: bad header: expected a '%s' line, found '%.*s'",
		     c->name, key, (int)(nl - c->p > 60 ? 60 : nl - c->p), c->p);
		return NULL;
	}
	const char *v = c->p + k + 1;
	*n = (size_t)(nl - v);
	c->p = nl < c->end ? nl + 1 : nl;
	return v;
}

/* Digits only (no sign, no space): strtoull alone would take both. */
static bool parse_u64(const char *s, size_t n, int base, uint64_t *v)
{
	if (base == 16) {
		if (n < 3 || s[0] != '0' || s[1] != 'x')
			return false;
		s += 2, n -= 2;
	}
	if (!n || n > 20)
		return false;
	uint64_t x = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned d = s[i] >= '0' && s[i] <= '9' ? (unsigned)(s[i] - '0')
		           : s[i] >= 'a' && s[i] <= 'f' ? (unsigned)(s[i] - 'a' + 10) : 99;
		if (d >= (unsigned)base || x > (UINT64_MAX - d) / (unsigned)base)
			return false;
		x = x * (unsigned)base + d;
	}
	*v = x;
	return true;
}

/* A line of count numbers in the given bases, separated by one space. */
static bool numbers(struct cursor *c, const char *key, int base, int count, uint64_t *v)
{
	size_t n;
	const char *s = field(c, key, &n);
	if (!s)
		return false;
	for (int i = 0; i < count; i++) {
		const char *sp = i + 1 < count ? memchr(s, ' ', n) : s + n;
		if (!sp || !parse_u64(s, (size_t)(sp - s), base, &v[i]))
			return prof_fail(c->err, c->errlen, "%s: bad header: '%s' needs %d %s "
			            "number%s, found '%.*s'", c->name, key, count,
			            base == 16 ? "0x hexadecimal" : "decimal", count > 1 ? "s" : "",
			            (int)(n > 60 ? 60 : n), s);
		n -= (size_t)(sp - s) + (i + 1 < count);
		s = sp + 1;
	}
	return true;
}

static bool text(struct cursor *c, const char *key, char *out, size_t outlen)
{
	size_t n;
	const char *s = field(c, key, &n);
	if (!s)
		return false;
	if (n >= outlen)
		return prof_fail(c->err, c->errlen, "%s: bad header: '%s' longer than %zu bytes",
		            c->name, key, outlen - 1);
	memcpy(out, s, n);
	out[n] = 0;
	return true;
}

static bool get_varint(const unsigned char **b, const unsigned char *end, uint64_t *v)
{
	uint64_t x = 0;
	for (int shift = 0; *b < end && shift < 7 * VARINT_MAX; shift += 7) {
		unsigned char c = *(*b)++;
		if (shift == 63 && c > 1)
			return false;
		x |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = x;
			return true;
		}
	}
	return false;
}

static bool decode_body(struct prof *p, const unsigned char *b, const unsigned char *end,
                        uint64_t entries, struct cursor *c)
{
	const char *bad = NULL;
	uint64_t sum = 0;
	uint64_t pid, n, delta, count;
	while (!bad && b < end) {
		if (!get_varint(&b, end, &pid) || !get_varint(&b, end, &n)) {
			bad = "a malformed group header";
		} else if (pid > UINT32_MAX) {
			bad = "a pid over 32 bits";
		} else if (p->n && pid <= p->e[p->n - 1].pid) {
			bad = "groups out of order";
		} else if (!n || n > entries - p->n) {
			bad = "a group with no entries or more than announced";
		} else if (!reserve(p, p->n + n)) {
			return prof_fail(c->err, c->errlen, "%s: out of memory", c->name);
		}
		for (uint64_t i = 0, off = 0; !bad && i < n; i++) {
			if (!get_varint(&b, end, &delta) || !get_varint(&b, end, &count))
				bad = "a malformed entry";
			else if (i && !delta)
				bad = "offsets out of order";
			else if (delta > UINT64_MAX - off)
				bad = "an offset overflowing 64 bits";
			else if (!count)
				bad = "a zero count";
			else if (count > UINT64_MAX - sum)
				return prof_fail(c->err, c->errlen, "%s: counts overflow 64 bits", c->name);
			else {
				off += delta;
				sum += count;
				p->e[p->n++] = (struct prof_entry){ off, count, (uint32_t)pid };
			}
		}
	}
	if (bad)
		return prof_fail(c->err, c->errlen, "%s: bad body: %s", c->name, bad);
	if (p->n != entries || sum != p->samples)
		return prof_fail(c->err, c->errlen, "%s: bad body: %zu entries and %" PRIu64
		            " samples, the header says %" PRIu64 " and %" PRIu64,
		            c->name, p->n, sum, entries, p->samples);
	return true;
}

bool prof_decode(struct prof *p, const unsigned char *buf, size_t len,
                 const char *name, char *err, size_t errlen)
{
	prof_init(p);
	size_t mlen = strlen(MAGIC);
	if (len < mlen + 1 || memcmp(buf, MAGIC " ", mlen + 1))
		return prof_fail(err, errlen, "%s: bad magic: not a dcpi profile", name);
	const char *h = (const char *)buf;
	const char *stop = memmem(h, len < HEADER_MAX ? len : HEADER_MAX, "\n\n", 2);
	if (!stop && len < HEADER_MAX)
		return prof_fail(err, errlen, "%s: truncated: the header does not end", name);
	if (!stop)
		return prof_fail(err, errlen, "%s: bad header: no end in %d bytes", name, HEADER_MAX);
	struct cursor c = { h, stop + 1, name, err, errlen };
	uint64_t v[2], entries, blen;
	if (!numbers(&c, MAGIC, 10, 1, v))
		return false;
	if (v[0] != PROF_VERSION)
		return prof_fail(err, errlen, "%s: bad version %" PRIu64 " (this reader knows %d)",
		            name, v[0], PROF_VERSION);
	size_t n;
	const char *period;
	char kind[16];
	if (!text(&c, "image", p->path, sizeof p->path) || !text(&c, "kind", kind, sizeof kind))
		return false;
	for (p->kind = 0; p->kind < PROF_NKINDS && strcmp(kind, prof_kind_names[p->kind]);)
		p->kind++;
	if (p->kind == PROF_NKINDS)
		return prof_fail(err, errlen, "%s: bad header: kind '%s' is not user, kernel or "
		            "unknown", name, kind);
	if (!numbers(&c, "id", 16, 1, v))
		return false;
	p->id = v[0];
	if (!numbers(&c, "text", 16, 2, v))
		return false;
	p->text_off = v[0], p->text_size = v[1];
	if (!text(&c, "event", p->event, sizeof p->event) ||
	    !(period = field(&c, "period", &n)))
		return false;
	char num[64], *end;
	snprintf(num, sizeof num, "%.*s", (int)(n < 63 ? n : 63), period);
	p->period = strtod(num, &end);
	if (n >= 63 || *end || end == num || !isfinite(p->period) || p->period <= 0)
		return prof_fail(err, errlen, "%s: bad header: period '%s' is not a positive number",
		            name, num);
	if (!numbers(&c, "monitored", 10, 2, v))
		return false;
	p->monitored = v[0], p->elapsed = v[1];
	if (p->monitored > p->elapsed)
		return prof_fail(err, errlen, "%s: bad header: monitored %" PRIu64 " cycles of %"
		            PRIu64, name, p->monitored, p->elapsed);
	if (!numbers(&c, "samples", 10, 1, &p->samples) ||
	    !numbers(&c, "entries", 10, 1, &entries) || !numbers(&c, "body", 10, 1, &blen))
		return false;
	/* every entry takes at least two bytes: this bounds what the body
	 * may ask to allocate */
	if (entries > blen / 2)
		return prof_fail(err, errlen, "%s: bad header: %" PRIu64 " entries cannot fit in "
		            "%" PRIu64 " bytes", name, entries, blen);
	if (c.p != c.end)
		return prof_fail(err, errlen, "%s: bad header: an unexpected line '%.*s'", name,
		            (int)strcspn(c.p, "\n"), c.p);
	size_t hlen = (size_t)(stop + 2 - h);
	if (len - hlen < 4 || len - hlen - 4 < blen)
		return prof_fail(err, errlen, "%s: truncated: %zu bytes, the header announces %"
		            PRIu64 " (a %zu-byte header, a %" PRIu64 "-byte body, a 4-byte "
		            "checksum)", name, len, hlen + blen + 4, hlen, blen);
	if (len - hlen - 4 > blen)
		return prof_fail(err, errlen, "%s: %zu bytes after the checksum", name,
		            len - hlen - 4 - (size_t)blen);
	const unsigned char *cs = buf + hlen + blen;
	uint32_t stored = cs[0] | cs[1] << 8 | cs[2] << 16 | (uint32_t)cs[3] << 24;
	uint32_t crc = crc32_update(0, buf, hlen + blen);
	if (stored != crc)
		return prof_fail(err, errlen, "%s: checksum mismatch: stored %08" PRIx32
		            ", computed %08" PRIx32 " (the file is corrupt)", name, stored, crc);
	if (!decode_body(p, buf + hlen, cs, entries, &c)) {
		prof_free(p);
		return false;
	}
	return true;
}
