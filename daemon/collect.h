/*
 * collect.h - the daemon's work, apart from the device: apply loader
 * events to the image maps, map each driver entry to (image, offset) and
 * add it to that image's table for its event, and write the tables to
 * the database (DCPI paper, section 4.3).  dcpid feeds it
 * from /dev/pcount; the host tests feed it synthetic streams.
 */
#ifndef DAEMON_COLLECT_H
#define DAEMON_COLLECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "daemon/counttab.h"
#include "daemon/imagemap.h"
#include "driver/pcount.h"
#include "daemon/pmrec.h"

/* Conservation: records = records_in_stream + records_lost + those
 * waiting (nothing after collect_records_write).
 * samples = samples_bad + samples_in_db + samples_unknown
 * + samples_lost + what the tables hold (nothing after a flush). */
#define COLLECT_STATS(X) \
	X(entries,         "driver entries processed") \
	X(samples,         "samples in them (the sum of their counts)") \
	X(samples_bad,     "samples with an event number out of range, dropped") \
	X(samples_in_db,   "samples written to image profiles") \
	X(samples_unknown, "samples written to the unknown profile") \
	X(samples_lost,    "samples lost to a failed write or lack of memory") \
	X(loader_events,   "loader and scan records applied") \
	X(loader_bad,      "loader records refused (bad kind or range)") \
	X(flushes,         "database writes (every table)") \
	X(files,           "profile files written") \
	X(bytes,           "bytes of profile files written") \
	X(records,         "instruction-sampling records read whole from the driver") \
	X(records_in_stream, "records written to the record stream") \
	X(records_lost,    "records lost to a failed write or lack of memory")

struct collect_stats {
#define X(name, desc) uint64_t name;
	COLLECT_STATS(X)
#undef X
};

/* What the profiles of an event (or an instruction-sampling kind,
 * driver/pcount.h) written by the next flush record. */
struct collect_event {
	double period;               /* mean sampling period */
	uint64_t monitored, elapsed; /* cycles counted, of cycles profiled,
	                                since the last flush */
};

struct collect {
	struct imagemap map;
	/* tab[(image + 1) * nevents + event]: image -1 is the unknown
	 * profile; NULL until the first sample */
	struct counttab **tab;
	size_t ntab;
	struct collect_event ev[PCOUNT_MAX_EVENTS];
	struct collect_stats st;
	/* the records kept whole, waiting for the stream, and their places
	 * (whose image fields index map.img) */
	struct pm_record *rec;
	struct pmrec_place *place;
	size_t nrec, caprec;
};

/* Records collect_records keeps before collect_records_full says so:
 * a segment of the stream holds at most this many (590 KB). */
#define COLLECT_REC_BATCH 4096

void collect_init(struct collect *c);
void collect_free(struct collect *c);

/* Apply one loader or scan record (counted in loader_bad if refused). */
void collect_image(struct collect *c, const struct pcount_image *r);

/* Map and add n driver entries. */
void collect_samples(struct collect *c, const struct pcount_sample *s, size_t n);

/* Write every table that holds samples to epoch directory dir (merged
 * into what is there) and empty it.  A failed write loses that table's
 * samples (samples_lost) but not the others; the first error goes to err
 * and the answer is false. */
bool collect_flush(struct collect *c, const char *dir, char *err, size_t errlen);

/* Room for max more records (docs/precise.md, "The record stream") at
 * the end of those kept, for the driver to copy them into; NULL for
 * want of memory.  collect_records_add then maps the first n of them,
 * taken on CPU cpu, each by its context (the pid) and PC, and keeps them
 * for the next collect_records_write.  collect_records does both from
 * a copy; collect_records_lost counts n that could not be kept. */
struct pm_record *collect_records_room(struct collect *c, size_t max);
void collect_records_add(struct collect *c, size_t n, uint32_t cpu);
void collect_records(struct collect *c, const struct pm_record *r, size_t n, uint32_t cpu);
void collect_records_lost(struct collect *c, size_t n);
bool collect_records_full(const struct collect *c);

/* Append the records kept to epoch directory dir's stream as one
 * segment (with the unit's period P), and forget them; a failed write
 * loses them (records_lost), with its message in err. */
bool collect_records_write(struct collect *c, const char *dir, uint64_t period, char *err,
                           size_t errlen);

/* After a full drain of the driver: forget the exited processes. */
void collect_reap(struct collect *c);

#endif
