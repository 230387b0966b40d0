/*
 * pmrec.h - the record stream: the instruction-sampling unit's records
 * kept whole beside the aggregated profiles (docs/precise.md, "The
 * record stream"; the bytes: docs/dcpi-db.md, "The record stream").
 * dcpid appends one segment per write of its buffered records to
 * DB/epoch-N/records.pmr; the host tools read the file back.
 *
 * The file: a header (magic, version, the sizes of its entries), then
 * segments, each a header with its counts and a CRC-32 of its body, the
 * images its records fall in, and the records, each the unit's 128-byte
 * record (abi/pm.h) followed by its image, CPU and offset in the image.
 * Every structure is made of naturally aligned little-endian fields and
 * has the same layout on the host and on Alpha, as driver/pcount.h's.
 *
 * Compiled for the host (the tools, the tests) and for the guest (dcpid).
 */
#ifndef DAEMON_PMREC_H
#define DAEMON_PMREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "abi/pm.h"
#include "daemon/profile.h"

#define PMREC_FILE      "records.pmr"     /* in each epoch directory       */
#define PMREC_MAGIC     "dcpi-pmr"        /* 8 bytes, no NUL               */
#define PMREC_VERSION   1
#define PMREC_SEG_MAGIC 0x53524d50u       /* "PMRS" little-endian          */
#define PMREC_NO_IMAGE  0xffffffffu       /* no image claimed the PC       */
/* The largest stream a reader takes (about 1.8 million records); a larger
 * file is refused before it is read. */
#define PMREC_FILE_MAX  ((size_t)256 << 20)

struct pmrec_file_header {
	char magic[8];               /* PMREC_MAGIC                          */
	uint32_t version;            /* PMREC_VERSION                        */
	uint32_t header_bytes;       /* sizeof(struct pmrec_file_header)     */
	uint32_t segment_bytes;      /* sizeof(struct pmrec_segment)         */
	uint32_t image_bytes;        /* sizeof(struct pmrec_image)           */
	uint32_t record_bytes;       /* sizeof(struct pmrec)                 */
	uint32_t reserved;
};
_Static_assert(sizeof(struct pmrec_file_header) == 32, "pmrec header");

struct pmrec_segment {
	uint32_t magic;              /* PMREC_SEG_MAGIC                      */
	uint32_t nimages;            /* struct pmrec_image that follow       */
	uint32_t nrecords;           /* then struct pmrec                    */
	uint32_t crc;                /* CRC-32 of those images and records   */
	uint64_t period;             /* the unit's mean interval P (PM_CTL)  */
};
_Static_assert(sizeof(struct pmrec_segment) == 24, "pmrec segment");

struct pmrec_image {
	uint64_t id;                 /* the image's identity, as profiles'   */
	uint32_t kind;               /* enum prof_kind: user or kernel       */
	uint32_t reserved;
	char path[PROF_PATH_MAX];    /* guest path, NUL-terminated           */
};
_Static_assert(sizeof(struct pmrec_image) == 16 + PROF_PATH_MAX, "pmrec image");

struct pmrec {
	struct pm_record r;          /* the unit's record as it gave it      */
	uint32_t image;              /* index in its segment's images (in a
	                                stream read back: in the stream's),
	                                or PMREC_NO_IMAGE                     */
	uint32_t cpu;                /* the CPU that took it                 */
	uint64_t offset;             /* r.pc's offset in the image file, or
	                                r.pc itself with no image            */
};
_Static_assert(sizeof(struct pmrec) == PM_RECORD_BYTES + 16, "pmrec");

/* One segment's bytes (the file header first when first is set):
 * malloc'd in *buf.  False when out of memory. */
bool pmrec_encode(const struct pmrec_image *img, uint32_t nimg, const struct pmrec *rec,
                  uint32_t n, uint64_t period, bool first, unsigned char **buf,
                  size_t *len);

/* Append n records (their image fields indexing img) to dir's stream as
 * one segment, in one write, then sync.  False with one message naming
 * the file. */
bool pmrec_append(const char *dir, const struct pmrec_image *img, uint32_t nimg,
                  const struct pmrec *rec, uint32_t n, uint64_t period, char *err,
                  size_t errlen);

/* A stream read back: every segment's records, their image fields
 * indexing img, the images of all segments with one entry per (id,
 * path). */
struct pmrec_stream {
	struct pmrec_image *img;
	size_t nimg;
	struct pmrec *rec;
	size_t n;
	size_t segments;
	uint64_t period;             /* the last segment's                   */
};
void pmrec_stream_free(struct pmrec_stream *s);

/* Parse and check a stream's bytes strictly: every error (bad magic,
 * version or sizes, a segment cut short, a CRC mismatch, an image index
 * out of range, a path without its NUL) is one message beginning
 * "NAME: ".  An empty stream (a header and no segment) is no error. */
bool pmrec_decode(struct pmrec_stream *s, const unsigned char *buf, size_t len,
                  const char *name, char *err, size_t errlen);

/* Read and decode the file path: a regular file of at most
 * PMREC_FILE_MAX bytes, read up to its own size (util/infile.h). */
bool pmrec_read(const char *path, struct pmrec_stream *s, char *err, size_t errlen);

#endif
