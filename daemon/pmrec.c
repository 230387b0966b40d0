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
#include "daemon/crc32.h"
#include "daemon/pmrec.h"
#include "util/infile.h"

static const struct pmrec_file_header file_header = {
	PMREC_MAGIC, PMREC_VERSION, sizeof(struct pmrec_file_header),
	sizeof(struct pmrec_segment), sizeof(struct pmrec_image), sizeof(struct pmrec), 0
};

bool pmrec_encode(const struct pmrec_image *img, uint32_t nimg, const struct pmrec *rec,
                  uint32_t n, uint64_t period, bool first, unsigned char **buf,
                  size_t *len)
{
	size_t head = first ? sizeof file_header : 0;
	size_t body = (size_t)nimg * sizeof *img + (size_t)n * sizeof *rec;
	unsigned char *b = malloc(head + sizeof(struct pmrec_segment) + body);
	if (!b)
		return false;
	memcpy(b, &file_header, head);
	unsigned char *p = b + head + sizeof(struct pmrec_segment);
	memcpy(p, img, (size_t)nimg * sizeof *img);
	memcpy(p + (size_t)nimg * sizeof *img, rec, (size_t)n * sizeof *rec);
	struct pmrec_segment seg = { PMREC_SEG_MAGIC, nimg, n, crc32_update(0, p, body), period };
	memcpy(b + head, &seg, sizeof seg);
	*buf = b;
	*len = head + sizeof seg + body;
	return true;
}

static bool write_all(int fd, const unsigned char *b, size_t n)
{
	while (n) {
		ssize_t w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		b += w;
		n -= (size_t)w;
	}
	return true;
}

/* The segment goes at the end in one write; a write that fails part way
 * is cut off again, so that the stream never holds half a segment. */
bool pmrec_append(const char *dir, const struct pmrec_image *img, uint32_t nimg,
                  const struct pmrec *rec, uint32_t n, uint64_t period, char *err,
                  size_t errlen)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, PMREC_FILE);
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0666);
	if (fd < 0)
		return prof_fail(err, errlen, "%s: %s", path, strerror(errno));
	off_t end = lseek(fd, 0, SEEK_END);
	unsigned char *buf;
	size_t len;
	if (end < 0 || !pmrec_encode(img, nimg, rec, n, period, end == 0, &buf, &len)) {
		int e = end < 0 ? errno : ENOMEM;
		close(fd);
		return prof_fail(err, errlen, "%s: %s", path, strerror(e));
	}
	bool ok = write_all(fd, buf, len) && (fsync(fd) == 0 || errno == EINVAL);
	int e = errno;
	free(buf);
	if (!ok && ftruncate(fd, end) != 0)
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
	    h.image_bytes != sizeof(struct pmrec_image) || h.record_bytes != sizeof(struct pmrec))
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
		              (size_t)g.nrecords * sizeof(struct pmrec);
		const unsigned char *p = buf + at + sizeof g;
		if (len - at - sizeof g < body)
			return bad(s, err, errlen, name, "a segment cut short", len);
		if (crc32_update(0, p, body) != g.crc)
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
		memcpy(s->rec + s->n, p + (size_t)g.nimages * sizeof(struct pmrec_image),
		       (size_t)g.nrecords * sizeof *r);
		for (uint32_t k = 0; k < g.nrecords; k++) {
			struct pmrec *e = &s->rec[s->n + k];
			if (e->image != PMREC_NO_IMAGE && e->image >= g.nimages) {
				free(map);
				return bad(s, err, errlen, name, "a record's image out of range", at);
			}
			if (e->image != PMREC_NO_IMAGE)
				e->image = (uint32_t)map[e->image];
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
