/*
 * records.h - the record streams of a profile database read back
 * (daemon/pmrec.h; docs/precise.md, "The record stream"), and the
 * records summed per instruction: samples, the data addresses touched,
 * the latency as a histogram by powers of two, as Arm's Statistical
 * Profiling Extension users get it, with SPE's minimum-latency filter;
 * and the truth's executions and misses of the same instructions.
 */
#ifndef ANALYSIS_RECORDS_H
#define ANALYSIS_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "daemon/pmrec.h"

/* The streams of database db's epoch (0: every epoch, merged) into s.
 * False with one message: db unreadable, no stream in the epochs
 * asked for, or a stream that is not one (pmrec_read's message, which
 * names the file). */
bool an_records_read(const char *db, unsigned epoch, struct pmrec_stream *s, char *err,
                     size_t errlen);

/* Did the record meet a D-cache miss (its dmiss event, abi/truth.h)? */
bool an_records_dmiss(const struct pm_record *r);

/* Latency bins: 0 holds lat 0, bin k >= 1 holds [2^(k-1), 2^k), the
 * last everything from 2^(AN_REC_BINS-2) up. */
#define AN_REC_BINS 16
unsigned an_records_bin(uint32_t lat);
/* The least latency of bin k. */
uint32_t an_records_bin_low(unsigned k);

/* One instruction's records. */
struct an_rec_insn {
	uint32_t image;              /* index in the stream's img, or PMREC_NO_IMAGE */
	uint64_t offset;             /* in the image file (the PC without one) */
	uint64_t pc;                 /* a virtual PC it was sampled at       */
	unsigned op;                 /* PM_OP_*                              */
	uint64_t records, retired, killed;
	uint64_t dmiss;              /* records with a D-cache miss          */
	uint64_t with_ea;            /* records with a data address ...      */
	uint64_t ea_min, ea_max;     /* ... from ea_min to ea_max            */
	uint64_t lat_sum, lat_max;   /* issue to result (abi/pm.h lat)       */
	uint64_t head_sum;           /* head cycles                          */
	uint64_t hist[AN_REC_BINS];  /* records by latency bin               */
	/* the truth's, with an_records_truth: its executions and its
	 * D-cache misses (the dmiss event); found false where the truth has
	 * no record at this image and offset */
	bool found;
	uint64_t true_count, true_dmiss;
};

/* The records of s whose lat is min_lat or more, of image (an index in
 * s->img, or SIZE_MAX: every image), per instruction, most records
 * first (then image, offset).  malloc'd; false when out of memory. */
bool an_records_by_insn(const struct pmrec_stream *s, uint32_t min_lat, size_t image,
                        struct an_rec_insn **out, size_t *n);

/* The truth file path's executions and D-cache misses of each of the n
 * instructions of a (an_records_by_insn's, of stream s), matched by
 * image (path and identity) and offset in the image file, added up over
 * the processes that ran them.  False with one message naming the file
 * (analysis/lib/truthfile.h's). */
bool an_records_truth(const char *path, const struct pmrec_stream *s, struct an_rec_insn *a,
                      size_t n, char *err, size_t errlen);

#endif
