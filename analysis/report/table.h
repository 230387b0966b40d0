/*
 * table.h - what every analysis tool prints with (docs/analysis.md, "The
 * tools"; docs/tools.md), in the format asked for: a table of rows
 * filled once and printed as text in aligned columns, CSV with one
 * header row, or a JSON array of objects; and the fields of a row, which
 * the table prints its cells with and the listings print theirs with:
 * CSV fields (RFC 4180 quoting), JSON strings and numbers (NaN as null),
 * counts in a short form, CPI columns, the estimates by instruction
 * sampling's records, an instruction's disassembly, the letters of a
 * stall as dcpicalc draws it, and what could not be analysed.
 */
#ifndef ANALYSIS_REPORT_TABLE_H
#define ANALYSIS_REPORT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "analysis/lib/anproc.h"
#include "util/json.h"           /* json_str: a JSON string */

struct an_session;
struct an_pm;

/* The formats every tool prints in: text, --csv, --json. */
enum an_format { AN_TEXT, AN_CSV, AN_JSON };

void an_out_csv(FILE *f, const char *s);
/* A JSON number with prec significant digits, or null for NaN/inf. */
void an_out_json_num(FILE *f, double v);

/* A count in 6 characters or fewer: 123, 12.3k, 1.23M, 1.23G. */
const char *an_out_short(double v, char buf[16]);

/* A CPI column of the text listings: a space, then cpi with two
 * decimals in width w, or "-" where it is not a number (no samples, no
 * records, no truth). */
void an_out_cpi(FILE *f, int w, double cpi);

/* Instruction i's estimates by instruction sampling's records
 * (analysis/lib/pmest.h, whatcg.h) in a CSV or JSON row: its executions,
 * CPI and culprit, each field after a comma (the columns
 * AN_OUT_PM_CSV_COLUMNS), or each member after ", ". */
#define AN_OUT_PM_CSV_COLUMNS ",pm_freq,pm_cpi,pm_culprit"
void an_out_pm_csv(FILE *f, const struct an_pm *pm, const struct an_proc *a, size_t i);
void an_out_pm_json(FILE *f, const struct an_pm *pm, const struct an_proc *a, size_t i);

/* The characters a's addresses need as an_out_pc writes them ("0x"
 * and 9 hex digits for a program's, 16 for the kernel's), so that the
 * columns after them line up. */
int an_out_addr_width(const struct an_proc *a);

/* An instruction's pc as every format writes it (docs/json.md): "0x"
 * and lower-case hex, the link address the image file gives its code. */
const char *an_out_pc(uint64_t pc, char buf[24]);

/* Instruction i of a's disassembly, objdump style with one space. */
void an_out_insn(const struct an_proc *a, size_t i, char *buf, size_t len);

/* The static stall letters of instruction i (its cycles past the issue
 * cycle): a, b, c for a wait on Ra, Rb, Rc, u for a busy unit, s for
 * slotting; and the legend of every code, static and dynamic. */
void an_out_static_codes(const struct an_proc *a, size_t i, char *buf, size_t len);
void an_out_legend(FILE *f);

/* The codes of a stall: the culprits' letters, or "" when no stall. */
void an_out_culprits(const struct an_proc *a, size_t i, char *buf, size_t len);

/* What could not be analysed (an_visitor.skipped), kept to be printed
 * after the table: "not analysed: WHAT: N cycles samples: WHY" lines,
 * a JSON array, or (CSV, whose rows cannot hold them) lines on standard
 * error. */
struct an_skip {
	char *what, *why;
	uint64_t samples;
};
struct an_skips {
	struct an_skip *v;
	size_t n;
	uint64_t samples;
};
void an_skips_add(void *skips, const struct an_session *s, const char *what, uint64_t samples,
                  const char *why);
void an_skips_text(const struct an_skips *k, FILE *f, const char *prefix);
void an_skips_json(const struct an_skips *k, FILE *f);
void an_skips_free(struct an_skips *k);

/* ---- the table ----------------------------------------------------------
 * Rows filled once and printed in the format asked for.  Numbers keep
 * their value for CSV and JSON and print with the column's format as
 * text; NaN is "-" as text, empty in CSV, null in JSON. */

struct an_tcol {
	const char *name;            /* CSV header and JSON key            */
	const char *text;            /* printf format of a number as text;
	                                NULL: a string column, left-aligned */
	/* The rest may be left out (zero): a column as wide as its widest
	 * cell, two spaces apart, its name its head, its numbers whole or
	 * to ten digits in CSV and JSON.  The listings' columns say more. */
	const char *head;            /* its head in the text; NULL: name   */
	const char *sep;             /* text: what goes before it; NULL:
	                                two spaces, nothing before the first */
	int width;                   /* text: its width, negative: to the
	                                left (0: the widest cell's)        */
	const char *data;            /* CSV and JSON: printf format of a
	                                number (NULL: see above)           */
	void (*json)(FILE *f, double v);  /* JSON: a number's writer
	                                instead (an_out_json_num)          */
	unsigned flags;              /* AN_TCOL_*                          */
};
/* Only in the text; only in CSV and JSON; as text a count in the short
 * form (an_out_short); as text as it is, never padded; NaN printed by
 * the data format ("nan", as the listings have always printed it) in
 * CSV, and in JSON where the column has no writer of its own. */
enum { AN_TCOL_TEXT = 1, AN_TCOL_DATA = 2, AN_TCOL_SHORT = 4, AN_TCOL_ASIS = 8,
       AN_TCOL_NAN = 16 };

struct an_tcell {
	char *s;                     /* a string column's, malloc'd        */
	double v;
};

struct an_table {
	const struct an_tcol *col;
	size_t ncol;
	struct an_tcell *cell;       /* row-major, nrow x ncol             */
	size_t ncell, cap;
	bool nomem;                  /* an append failed: the table is short */
};

void an_table_init(struct an_table *t, const struct an_tcol *col, size_t ncol);
void an_table_free(struct an_table *t);

/* Append the next cell, row by row, in column order (the text's and
 * the data's alike).  A string may be NULL: absent, nothing in the text
 * (its separator neither), empty in CSV, null in JSON.  Out of memory
 * sets t->nomem, which the tool checks once before printing. */
void an_table_str(struct an_table *t, const char *s);
void an_table_num(struct an_table *t, double v);

static inline size_t an_table_rows(const struct an_table *t)
{
	return t->ncol ? t->ncell / t->ncol : 0;
}

/* Sort the rows with cmp over two rows' first cells. */
void an_table_sort(struct an_table *t,
                   int (*cmp)(const struct an_tcell *a, const struct an_tcell *b));

/* Keep the first n rows. */
void an_table_truncate(struct an_table *t, size_t n);

/* The table as text (a header row, then the rows, columns two spaces
 * apart unless they say otherwise; each line after prefix), CSV (a
 * header row), or JSON (an array of objects, one a line, indented by
 * two); each format without the other's columns (AN_TCOL_TEXT, _DATA). */
void an_table_text(const struct an_table *t, FILE *f, const char *prefix);
void an_table_csv(const struct an_table *t, FILE *f);
void an_table_json(const struct an_table *t, FILE *f);
/* The JSON array's rows without its brackets, for a tool that prints
 * them around the rows itself. */
void an_table_json_rows(const struct an_table *t, FILE *f);

#endif
