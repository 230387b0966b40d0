/*
 * pprof.h - a profile in pprof's format, profile.proto (github.com/
 * google/pprof, proto/profile.proto), which pprof, speedscope and the
 * other viewers of Go's and Linux's profiles read: sample types (what
 * each value of a sample counts, in what unit), samples (a stack of
 * locations, one value per sample type, labels), locations (an address
 * in a mapping and the source lines there: function and line, the
 * innermost inlined frame first), functions, mappings (an image's
 * addresses and its file) and a string table that every name indexes.
 * The message is gzipped, as pprof writes it (it reads either).
 *
 * The builder encodes each message as it is added (analysis/report/pbwire.h);
 * ids are given out from 1 in the order of adding.  Memory running out
 * is reported once, by pprof_write.
 */
#ifndef ANALYSIS_PPROF_H
#define ANALYSIS_PPROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "analysis/report/pbwire.h"

struct pprof {
	struct pbuf body;            /* every field but the string table */
	char **str;                  /* the string table, "" first       */
	size_t nstr, capstr;
	size_t *slot, nslot;         /* open hash of str: index + 1      */
	uint64_t nmapping, nfunction, nlocation;
	bool oom;
};

/* One line of a location's code: a function and a line of its source
 * file (0: not known). */
struct pprof_line {
	uint64_t function;
	int64_t line;
};

/* A label of a sample: a string (str not NULL) or a number in num_unit
 * (NULL: none). */
struct pprof_label {
	const char *key, *str;
	int64_t num;
	const char *num_unit;
};

struct pprof_mapping {
	uint64_t start, limit, file_offset;   /* addresses [start, limit) are
	                                         the file from file_offset */
	const char *file, *build_id;
	bool has_functions, has_lines, has_inline_frames;
};

void pprof_init(struct pprof *p);
void pprof_free(struct pprof *p);

/* s's index in the string table, added if new. */
int64_t pprof_str(struct pprof *p, const char *s);

/* The next value of every sample: what it counts and in what unit. */
void pprof_sample_type(struct pprof *p, const char *type, const char *unit);
/* The sample type a viewer shows first. */
void pprof_default_type(struct pprof *p, const char *type);
/* The sampling period: one sample per period units of type. */
void pprof_period(struct pprof *p, const char *type, const char *unit, int64_t period);
/* A line of free text a viewer shows with the profile. */
void pprof_comment(struct pprof *p, const char *text);

/* The ids of the new mapping, function (filename: its source file, NULL
 * when not known) and location (its lines, innermost first). */
uint64_t pprof_mapping(struct pprof *p, const struct pprof_mapping *m);
uint64_t pprof_function(struct pprof *p, const char *name, const char *filename,
                        int64_t start_line);
uint64_t pprof_location(struct pprof *p, uint64_t mapping, uint64_t address,
                        const struct pprof_line *lines, size_t nlines);
/* A sample: its stack (the leaf first), a value per sample type. */
void pprof_sample(struct pprof *p, const uint64_t *locations, size_t nlocations,
                  const int64_t *values, size_t nvalues, const struct pprof_label *labels,
                  size_t nlabels);

/* The profile, gzipped, to f; false with a message when memory ran out
 * or zlib failed (write errors are the caller's: it checks f). */
bool pprof_write(struct pprof *p, FILE *f, char *err, size_t errlen);

#endif
