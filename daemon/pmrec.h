/*
 * pmrec.h - the record stream: the instruction-sampling unit's records
 * kept whole beside the aggregated profiles (docs/precise.md, "The
 * record stream"; the bytes: docs/dcpi-db.md, "The record stream").
 * dcpid appends one segment per write of its buffered records to
 * DB/epoch-N/records.pmr; the host tools read the file back.
 *
 * The file: a header (magic, version, the sizes of its entries), then
 * segments, each a header with its counts and a checksum of its body, the
 * images its records fall in, the records, each the unit's 128-byte
 * record (abi/pm.h), and their places: image, CPU and offset in the
 * image.
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
	uint32_t record_bytes;       /* sizeof(struct pm_record)             */
	uint32_t place_bytes;        /* sizeof(struct pmrec_place)           */
};
_Static_assert(sizeof(struct pmrec_file_header) == 32, "pmrec header");

/* The body's check is Fletcher's checksum (J. G. Fletcher, "An
 * Arithmetic Checksum for Serial Transmissions", IEEE Transactions on
 * Communications, 1982) over its 64-bit words, both sums modulo 2^64:
 * sum_a the words' sum, sum_b the sum of the running sums, so a flipped
 * bit changes sum_a and words out of order change sum_b.  A CRC would
 * cost dcpid some 1,400 instructions a record on the 21164 (a table
 * lookup per byte); this costs about 100. */
struct pmrec_segment {
	uint32_t magic;              /* PMREC_SEG_MAGIC                      */
	uint32_t nimages;            /* struct pmrec_image that follow,      */
	uint32_t nrecords;           /* then struct pm_record, then as many  */
	                             /* struct pmrec_place                   */
	uint32_t reserved;           /* 0                                    */
	uint64_t period;             /* the unit's mean interval P (PM_CTL)  */
	uint64_t sum_a, sum_b;       /* the body's checksum                  */
};
_Static_assert(sizeof(struct pmrec_segment) == 40, "pmrec segment");

struct pmrec_image {
	uint64_t id;                 /* the image's identity, as profiles'   */
	uint32_t kind;               /* enum prof_kind: user or kernel       */
	uint32_t reserved;
	char path[PROF_PATH_MAX];    /* guest path, NUL-terminated           */
};
_Static_assert(sizeof(struct pmrec_image) == 16 + PROF_PATH_MAX, "pmrec image");

/* Where a record was taken: its image, CPU and offset in the image. */
struct pmrec_place {
	uint32_t image;              /* index in its segment's images (in a
	                                stream read back: in the stream's),
	                                or PMREC_NO_IMAGE                     */
	uint32_t cpu;                /* the CPU that took it                 */
	uint64_t offset;             /* r.pc's offset in the image file, or
	                                r.pc itself with no image            */
};
_Static_assert(sizeof(struct pmrec_place) == 16, "pmrec place");

/* A record read back: the unit's record as it gave it, and its place.
 * (A segment holds the records, then their places, so that dcpid reads
 * the records from the driver straight into what it writes.) */
struct pmrec {
	struct pm_record r;
	uint32_t image;
	uint32_t cpu;
	uint64_t offset;
};

/* Append n records and their places (whose image fields index img) to
 * dir's stream as one segment, written whole and synced: a write that
 * fails part way is cut off again.  False with one message naming the
 * file. */
bool pmrec_append(const char *dir, const struct pmrec_image *img, uint32_t nimg,
                  const struct pm_record *rec, const struct pmrec_place *place, uint32_t n,
                  uint64_t period, char *err, size_t errlen);

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
 * version or sizes, a segment cut short, a checksum mismatch, an image index
 * out of range, a path without its NUL) is one message beginning
 * "NAME: ".  An empty stream (a header and no segment) is no error. */
bool pmrec_decode(struct pmrec_stream *s, const unsigned char *buf, size_t len,
                  const char *name, char *err, size_t errlen);

/* Read and decode the file path: a regular file of at most
 * PMREC_FILE_MAX bytes, read up to its own size (util/infile.h). */
bool pmrec_read(const char *path, struct pmrec_stream *s, char *err, size_t errlen);

#endif
