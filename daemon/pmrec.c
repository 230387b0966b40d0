/*
 * pmrec.c - the record stream's bytes (docs/dcpi-db.md, "The record
 * stream"): a segment encoded and appended, a file read back and checked.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "daemon/pmrec.h"
#include "daemon/profdb.h"
#include "util/infile.h"

static const struct pmrec_file_header file_header = {
	PMREC_MAGIC, PMREC_VERSION, sizeof(struct pmrec_file_header),
	sizeof(struct pmrec_segment), sizeof(struct pmrec_image), sizeof(struct pm_record),
	sizeof(struct pmrec_place)
};

/* Fletcher's sums (daemon/pmrec.h) continued over n bytes (a multiple
 * of 8: every entry is) as little-endian 64-bit words.  Every buffer it
 * is given is 8-byte aligned (malloc'd, or an array of entries made of
 * 64-bit fields), so the words are read as such: a byte-wise read costs
 * the 21164, which has no unaligned loads, several instructions a word. */
typedef uint64_t __attribute__((may_alias, aligned(8))) word;
static void checksum(const void *buf, size_t n, uint64_t *sa, uint64_t *sb)
{
	const word *w = buf;
	uint64_t a = *sa, b = *sb;
	for (size_t i = 0; i < n / 8; i++) {
		a += w[i];
		b += a;
	}
	*sa = a;
	*sb = b;
}

/* The segment goes at the end, its parts written from where they are
 * (no copy: dcpid pays per record); a write that fails part way is cut
 * off again, so that the stream never holds part of a segment. */
bool pmrec_append(const char *dir, const struct pmrec_image *img, uint32_t nimg,
                  const struct pm_record *rec, const struct pmrec_place *place, uint32_t n,
                  uint64_t period, char *err, size_t errlen)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, PMREC_FILE);
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0666);
	if (fd < 0)
		return prof_fail(err, errlen, "%s: %s", path, strerror(errno));
	off_t end = lseek(fd, 0, SEEK_END);
	struct pmrec_segment seg = { PMREC_SEG_MAGIC, nimg, n, 0, period, 0, 0 };
	checksum(img, (size_t)nimg * sizeof *img, &seg.sum_a, &seg.sum_b);
	checksum(rec, (size_t)n * sizeof *rec, &seg.sum_a, &seg.sum_b);
	checksum(place, (size_t)n * sizeof *place, &seg.sum_a, &seg.sum_b);
	bool ok = end >= 0 && (end || profdb_write_all(fd, &file_header, sizeof file_header)) &&
	          profdb_write_all(fd, &seg, sizeof seg) &&
	          profdb_write_all(fd, img, (size_t)nimg * sizeof *img) &&
	          profdb_write_all(fd, rec, (size_t)n * sizeof *rec) &&
	          profdb_write_all(fd, place, (size_t)n * sizeof *place) &&
	          (fsync(fd) == 0 || errno == EINVAL);
	int e = errno;
	if (!ok && end >= 0 && ftruncate(fd, end) != 0)
		e = errno;
	if (close(fd) && ok) {
		ok = false;
		e = errno;
	}
	return ok || prof_fail(err, errlen, "%s: %s", path, strerror(e));
}

void pmrec_stream_free(struct pmrec_stream *s)
{
	free(s->img);
	free(s->rec);
	memset(s, 0, sizeof *s);
}

/* The stream's index of segment image g: an image already seen (same
 * identity and path) or a new one; SIZE_MAX when out of memory. */
static size_t image_index(struct pmrec_stream *s, const struct pmrec_image *g)
{
	for (size_t i = 0; i < s->nimg; i++)
		if (s->img[i].id == g->id && !strcmp(s->img[i].path, g->path))
			return i;
	struct pmrec_image *a = realloc(s->img, (s->nimg + 1) * sizeof *a);
	if (!a)
		return SIZE_MAX;
	s->img = a;
	s->img[s->nimg] = *g;
	return s->nimg++;
}

static bool bad(struct pmrec_stream *s, char *err, size_t errlen, const char *name,
                const char *what, size_t at)
{
	pmrec_stream_free(s);
	return prof_fail(err, errlen, "%s: not a record stream: %s at byte %zu", name, what, at);
}

bool pmrec_decode(struct pmrec_stream *s, const unsigned char *buf, size_t len,
                  const char *name, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	struct pmrec_file_header h;
	if (len < sizeof h)
		return bad(s, err, errlen, name, "cut short in its header", len);
	memcpy(&h, buf, sizeof h);
	if (memcmp(h.magic, PMREC_MAGIC, sizeof h.magic))
		return bad(s, err, errlen, name, "bad magic", 0);
	if (h.version != PMREC_VERSION)
		return prof_fail(err, errlen, "%s: record stream version %u, this program reads %d",
		                 name, h.version, PMREC_VERSION);
	if (h.header_bytes != sizeof h || h.segment_bytes != sizeof(struct pmrec_segment) ||
	    h.image_bytes != sizeof(struct pmrec_image) ||
	    h.record_bytes != sizeof(struct pm_record) ||
	    h.place_bytes != sizeof(struct pmrec_place))
		return bad(s, err, errlen, name, "entry sizes not this version's", 12);
	size_t at = sizeof h;
	while (at < len) {
		struct pmrec_segment g;
		if (len - at < sizeof g)
			return bad(s, err, errlen, name, "a segment cut short", len);
		memcpy(&g, buf + at, sizeof g);
		if (g.magic != PMREC_SEG_MAGIC)
			return bad(s, err, errlen, name, "bad segment magic", at);
		size_t body = (size_t)g.nimages * sizeof(struct pmrec_image) +
		              (size_t)g.nrecords * (sizeof(struct pm_record) +
		                                    sizeof(struct pmrec_place));
		const unsigned char *p = buf + at + sizeof g;
		if (len - at - sizeof g < body)
			return bad(s, err, errlen, name, "a segment cut short", len);
		uint64_t sa = 0, sb = 0;
		checksum(p, body, &sa, &sb);
		if (sa != g.sum_a || sb != g.sum_b)
			return bad(s, err, errlen, name, "segment checksum mismatch", at);
		const char *why = NULL;
		size_t *map = malloc(((size_t)g.nimages + 1) * sizeof *map);
		struct pmrec *r = realloc(s->rec, (s->n + g.nrecords) * sizeof *r + 1);
		if (r)
			s->rec = r;
		if (!map || !r)
			why = "out of memory";
		for (uint32_t i = 0; !why && i < g.nimages; i++) {
			struct pmrec_image im;
			memcpy(&im, p + (size_t)i * sizeof im, sizeof im);
			if (!memchr(im.path, 0, sizeof im.path) || im.kind >= PROF_NKINDS)
				why = "a bad image entry";
			else if ((map[i] = image_index(s, &im)) == SIZE_MAX)
				why = "out of memory";
		}
		if (why) {
			free(map);
			return bad(s, err, errlen, name, why, at);
		}
		const unsigned char *rp = p + (size_t)g.nimages * sizeof(struct pmrec_image);
		const unsigned char *pp = rp + (size_t)g.nrecords * sizeof(struct pm_record);
		for (uint32_t k = 0; k < g.nrecords; k++) {
			struct pmrec *e = &s->rec[s->n + k];
			struct pmrec_place pl;
			memcpy(&e->r, rp + (size_t)k * sizeof e->r, sizeof e->r);
			memcpy(&pl, pp + (size_t)k * sizeof pl, sizeof pl);
			if (pl.image != PMREC_NO_IMAGE && pl.image >= g.nimages) {
				free(map);
				return bad(s, err, errlen, name, "a record's image out of range", at);
			}
			e->image = pl.image == PMREC_NO_IMAGE ? PMREC_NO_IMAGE : (uint32_t)map[pl.image];
			e->cpu = pl.cpu;
			e->offset = pl.offset;
		}
		free(map);
		s->n += g.nrecords;
		s->segments++;
		s->period = g.period;
		at += sizeof g + body;
	}
	return true;
}

bool pmrec_read(const char *path, struct pmrec_stream *s, char *err, size_t errlen)
{
	unsigned char *buf;
	size_t len;
	memset(s, 0, sizeof *s);
	if (!infile_read(path, true, PMREC_FILE_MAX, "record stream", &buf, &len, err, errlen))
		return false;
	bool ok = pmrec_decode(s, buf, len, path, err, errlen);
	free(buf);
	return ok;
}
