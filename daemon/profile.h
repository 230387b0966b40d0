/*
 * profile.h - one profile in memory and its file format: the samples of
 * one image for one event (DCPI paper, section 4.3: "a
 * separate file is used to store the profile for a given image and EVENT
 * combination").  docs/dcpi-db.md describes the bytes.
 *
 * Compiled for the host (dcpiprof, the tests) and for the guest (dcpid).
 */
#ifndef DAEMON_PROFILE_H
#define DAEMON_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROF_VERSION   1
#define PROF_PATH_MAX  256          /* >= PCOUNT_PATH_MAX */
#define PROF_EVENT_MAX 32
#define PROF_ERR_MAX   (PROF_PATH_MAX + 512)
/* The largest profile file a reader takes (docs/dcpi-db.md, "Limits"):
 * 13 million entries at the longest encoding, far more at the usual
 * few bytes an entry; a larger file is refused before it is read. */
#define PROF_FILE_MAX  ((size_t)256 << 20)

/* The profile of samples no image claimed (kind PROF_UNKNOWN): keyed by
 * (pid, pc). */
#define PROF_UNKNOWN_PATH "unknown"
#define PROF_UNKNOWN_ID   0

/* What the image is: dcpiprof finds a user image's file under the
 * guest's root or sysroot, the kernel's with --kernel. */
enum prof_kind { PROF_USER, PROF_KERNEL, PROF_UNKNOWN, PROF_NKINDS };
extern const char *const prof_kind_names[PROF_NKINDS];

/* One count.  In an image's profile pid is 0 and offset is the offset in
 * the image file (every process's samples merged); in the unknown
 * profile pid is the process and offset is the PC. */
struct prof_entry {
	uint64_t offset;
	uint64_t count;
	uint32_t pid;
};

struct prof {
	char path[PROF_PATH_MAX];    /* the image's guest path             */
	enum prof_kind kind;
	uint64_t id;                 /* its identity (hash of its content) */
	uint64_t text_off, text_size;/* executable range, file offsets    */
	char event[PROF_EVENT_MAX];  /* the event's name (pmu/events.def) */
	double period;               /* mean sampling period, in events   */
	uint64_t monitored;          /* cycles the event was counted ...  */
	uint64_t elapsed;            /* ... of the cycles profiled        */
	uint64_t samples;            /* the sum of the counts             */
	struct prof_entry *e;        /* sorted by (pid, offset), no two equal,
	                                no zero count (after prof_sort)   */
	size_t n, cap;
};

void prof_init(struct prof *p);
void prof_free(struct prof *p);

/* Append a count (any order; prof_sort puts them in order).  False when
 * out of memory or when the sum of counts would overflow. */
bool prof_push(struct prof *p, uint32_t pid, uint64_t offset, uint64_t count);

/* Sort the entries and add up those with the same key; false when a sum
 * would overflow 64 bits. */
bool prof_sort(struct prof *p);

/* Add src (sorted) into dst (sorted): the same image and event.  The
 * mean period is weighted by samples, so that samples times period, the
 * estimated event count, adds up; monitored and elapsed time add; the
 * text range becomes the smallest one covering both.  On error (another
 * image or event, a count or time overflowing 64 bits, no memory) dst is
 * unchanged and err says why. */
bool prof_merge(struct prof *dst, const struct prof *src, char *err, size_t errlen);

/* The file's bytes (malloc'd) for a sorted profile; false if out of
 * memory or if the path or event cannot go in the text header. */
bool prof_encode(const struct prof *p, unsigned char **buf, size_t *len,
                 char *err, size_t errlen);

/* Parse and check a file's bytes strictly: every error (bad magic, bad
 * version, a bad header line, truncation, checksum mismatch, a malformed
 * or unsorted body, counts overflowing) is one message beginning
 * "NAME: ".  On success p holds a sorted profile (prof_free it). */
bool prof_decode(struct prof *p, const unsigned char *buf, size_t len,
                 const char *name, char *err, size_t errlen);

/* Write the message into err[errlen]; false, for `return prof_fail(...)`
 * (the database code's errors, profdb.c too). */
bool prof_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
