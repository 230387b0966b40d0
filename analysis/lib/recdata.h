/*
 * recdata.h - what a record's data address points at (docs/tools.md,
 * "dcpirecords --data"): a data object of an image (a symbol of its
 * .data or .bss, found through the image's load address in that
 * process, which the records' own PCs give), or by the address space's
 * layout (docs/minios.md, "Memory"): the stack, the heap, an anonymous
 * mapping, the kernel.
 */
#ifndef ANALYSIS_RECDATA_H
#define ANALYSIS_RECDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/lib/datasyms.h"
#include "analysis/lib/report.h"
#include "daemon/pmrec.h"

struct an_recdata_bias {
	uint32_t pid, image;
	uint64_t bias;               /* run-time address - link-time address */
};

struct an_recdata {
	const struct pmrec_stream *s;
	struct datasyms *syms;       /* per stream image                     */
	bool *have;                  /* ... read                             */
	struct an_recdata_bias *bias;
	size_t nbias;
};

/* Read the symbols of every image of s that has records (an image whose
 * file cannot be read is said on stderr as "TOOL: warning: ...", once,
 * and its data goes unnamed) and learn each image's load address in
 * each process from the records' PCs.  False when out of memory. */
bool an_recdata_init(struct an_recdata *d, const struct pmrec_stream *s,
                     const struct report_paths *paths, const char *tool);
void an_recdata_free(struct an_recdata *d);

/* The name of what e's data address points at, in buf: "IMAGE:OBJECT"
 * (an object of no stated size: "IMAGE:OBJECT+0xN" past its start),
 * "IMAGE:(data)" in a writable segment outside every object, or
 * "stack", "heap", "mmap", "kernel", "other"; "" for a record with no
 * data address. */
const char *an_recdata_name(const struct an_recdata *d, const struct pmrec *e, char *buf,
                            size_t len);

#endif
