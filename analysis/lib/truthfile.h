/*
 * truthfile.h - reading an alphasim truth file (docs/truth-format.md):
 * the header, the machine description, the column names, the per-CPU
 * totals, the image table, then the records one at a time.  Shared by
 * truthcsv and the analysis tools (analysis/lib/antruth.h maps the records
 * to images and offsets).
 *
 * Every error is one message "FILE: what is wrong" (the file's name as
 * given): a file that is not a truth file, an unsupported version, a
 * bad header or table, a truncated file, trailing data.  Whether a
 * record's causes add up to its head cycles is the caller's question
 * (truthcsv --summary reports it, the analysis refuses the file).
 */
#ifndef ANALYSIS_TRUTHFILE_H
#define ANALYSIS_TRUTHFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "timing/causes.h"

#define TRUTHFILE_MAX_COLS 64         /* cause or event columns        */
#define TRUTHFILE_NAME_MAX 64
#define TRUTHFILE_MAX_CPUS 1024
#define TRUTHFILE_SPACE_PAL 0xffffu
#define TRUTHFILE_KSEG 0xfffffc0000000000ull  /* PAL PCs are physical  */

/* One entry of the image table. */
struct truthfile_image {
	uint32_t asn, pid, cpu;
	uint64_t cycles, base, size, offset, ident;
	char *path;
};

struct truthfile_rec {
	uint32_t space;
	uint64_t pc, count, head;
	uint64_t cause[TRUTHFILE_MAX_COLS];   /* file order              */
	uint64_t event[TRUTHFILE_MAX_COLS];
	uint64_t palfor[TRUTHFILE_MAX_COLS];  /* version 3 on: PAL cycles  */
	                                      /* run on its behalf, by why */
};

struct truthfile {
	FILE *f;
	char *path;
	uint64_t size;                         /* the file's, when opened  */
	uint32_t version, ncause, nevent, npalfor, ncpus;
	char *params;                          /* "key=value\n" lines      */
	char cause_name[TRUTHFILE_MAX_COLS][TRUTHFILE_NAME_MAX];
	char event_name[TRUTHFILE_MAX_COLS][TRUTHFILE_NAME_MAX];
	char palfor_name[TRUTHFILE_MAX_COLS][TRUTHFILE_NAME_MAX];
	int cause_tc[TRUTHFILE_MAX_COLS];      /* enum truth_cause, -1: one
	                                          this reader does not know */
	uint64_t *cpu_cycles, *cpu_insns;
	uint64_t *cpu_owed;                    /* version 3 on: PAL cycles */
	                                       /* charged to no instruction */
	uint64_t cycles, insns, owed;          /* over all CPUs            */
	struct truthfile_image *img;           /* version 2 on             */
	size_t nimg;
	uint64_t nrec, read;
};

/* Open path and read everything before the records; false with one
 * message (the struct is then freed). */
bool truthfile_open(struct truthfile *t, const char *path, char *err, size_t errlen);

/* The next record: 1, or 0 at the end (after checking that nothing
 * follows), or -1 with a message. */
int truthfile_next(struct truthfile *t, struct truthfile_rec *r, char *err, size_t errlen);

void truthfile_close(struct truthfile *t);

/* The image holding (space, pc), the latest loaded: one mapped in that
 * address space, or the kernel's (pid 0), which every space runs and PAL
 * code lies in (its physical PCs taken as kseg addresses); NULL if none.
 * *off receives the offset in the image file. */
const struct truthfile_image *truthfile_image_of(const struct truthfile *t, uint32_t space,
                                                 uint64_t pc, uint64_t *off);

/* Do r's causes add up to its head cycles? */
bool truthfile_balanced(const struct truthfile *t, const struct truthfile_rec *r);

/* The column of cause c (enum truth_cause), or -1 if the file has none. */
int truthfile_cause_col(const struct truthfile *t, unsigned c);

#endif
