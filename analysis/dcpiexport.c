/*
 * dcpiexport.c - a profile database in pprof's format (docs/tools.md,
 * "dcpiexport"), for pprof, speedscope and the other viewers that read
 * profile.proto (analysis/report/pprof.h):
 *
 *   dcpiexport [-db DIR] [options] --output FILE [IMAGE]
 *
 * Every event of every image (or of IMAGE), of every epoch (or of
 * --epoch N): a sample per instruction with samples, its location the
 * instruction's address in its image's mapping and the procedure there
 * (dcpiprof's: the image file's symbols, "(no symbol)" outside them,
 * "pid N" in the unknown image), its values the samples of each event;
 * where the analysis ran (procedures with CYCLES samples), its estimated
 * executions and cycles as two more values, every instruction of the
 * procedure a sample, and the estimated CPI as a label; with --truth the
 * truth's executions and cycles beside them.  DCPI's samples carry no
 * stack: each sample is one location deep.  Where the image has DWARF
 * (gcc -g; analysis/lib/srcline.h, as dcpilist --source reads it) each
 * location has its source lines, the innermost inlined function first
 * and the procedure last, as profile.proto orders them, and every
 * function its file and the line it starts at; without, one line, the
 * procedure's, line 0.
 */
#include "analysis/report/cli.h"
#include "analysis/report/table.h"
#include "analysis/lib/elfsyms.h"
#include "analysis/report/pprof.h"
#include "analysis/lib/report.h"
#include "analysis/lib/srcline.h"
#include "util/outfile.h"
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static struct an_cli cli = { .id = AN_TOOL_dcpiexport };
static const char *output;
static const char *est_label;   /* the estimator, as the text names it (an_session_est_label) */
static const struct an_cli_opt own[] = {
	{ "output", "FILE", "write the profile to FILE (profile.proto, gzipped; - for\n"
	  "standard output): needed", &output, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

/* The values of a location past the events' samples: the analysis's
 * estimates, the truth's, and (not sample values: labels) the CPIs. */
enum { X_FREQ, X_CYCLES, X_TFREQ, X_TCYCLES, X_CPI, X_TCPI, X_N };
static const struct { const char *type, *unit; } xtype[X_TCPI] = {
	[X_FREQ] = { "freq", "count" }, [X_CYCLES] = { "est_cycles", "cycles" },
	[X_TFREQ] = { "true_freq", "count" }, [X_TCYCLES] = { "true_cycles", "cycles" },
};

/* One value at one instruction: of column col (an event's, or
 * ncols + X_*) of the image's offset (the unknown image: pid's pc). */
struct point {
	size_t image;
	uint32_t pid;
	uint64_t off;
	size_t col;
	double v;
};

static struct {
	struct point *p;
	size_t n, cap;
	size_t ncols;                /* the report's event columns */
	bool est, truth;             /* estimates, truth values given */
	size_t procs;                /* procedures analysed */
} pts;

static void push(size_t image, uint32_t pid, uint64_t off, size_t col, double v)
{
	if (pts.n == pts.cap) {
		pts.cap = pts.cap ? 2 * pts.cap : 4096;
		if (!(pts.p = realloc(pts.p, pts.cap * sizeof *pts.p)))
			an_cli_die(&cli, "out of memory");
	}
	pts.p[pts.n++] = (struct point){ image, pid, off, col, v };
}

static int point_cmp(const void *a, const void *b)
{
	const struct point *x = a, *y = b;
	if (x->image != y->image)
		return x->image < y->image ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->off != y->off ? (x->off < y->off ? -1 : 1) : 0;
}

/* ---- the analysis's estimates -------------------------------------------- */

static const struct report_image *images;   /* the report the points index */

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	(void)arg;
	size_t im = (size_t)(pi->ri - images), base = pts.ncols;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		uint64_t off;
		if (!an_image_va2off(a->im, an_cfg_pc(&a->g, i), &off))
			continue;
		const struct an_insn_est *x = &a->e.insn[i];
		push(im, 0, off, base + X_FREQ, x->count);
		push(im, 0, off, base + X_CYCLES, x->cycles);
		/* as dcpilist: the CPI of an instruction with samples */
		push(im, 0, off, base + X_CPI, x->samples > 0 ? x->cpi : NAN);
		if (s->have_truth) {
			const struct an_truth_insn *t = a->t[i];
			push(im, 0, off, base + X_TFREQ, t ? (double)t->count : 0);
			push(im, 0, off, base + X_TCYCLES, t ? (double)t->head : 0);
			push(im, 0, off, base + X_TCPI, an_proc_true_cpi(a, i));
		}
	}
	pts.procs++;
	return true;
}

/* ---- one image's mapping, functions and locations ----------------------- */

/* The address of file offset off: through the segment holding it, else
 * the offset itself; *seg gets that segment (NULL: none). */
static uint64_t address(const struct elfsyms *es, uint64_t off, const struct elfseg **seg)
{
	for (size_t k = 0; k < es->nseg; k++)
		if (off >= es->seg[k].offset && off - es->seg[k].offset < es->seg[k].filesz) {
			*seg = &es->seg[k];
			return es->seg[k].vaddr + (off - es->seg[k].offset);
		}
	*seg = NULL;
	return off;
}

struct image_out {
	const struct report_image *ri;
	bool syms;                   /* es loaded */
	struct elfsyms es;
	uint64_t *fid;               /* per symbol, then "(no symbol)": its
	                                function's id, 0 until used */
	uint64_t mapping;
	uint32_t *pid;               /* the unknown image: each process's */
	uint64_t *pid_fid;           /* function */
	size_t npid;
	struct srcline *sl;          /* its DWARF, NULL: none */
	struct inl {                 /* the functions inlined, by name and */
		const char *name, *file; /* where they start                 */
		unsigned line;
		uint64_t id;
	} *inl;
	size_t ninl;
};

/* A function's file: where it is defined, else (assembly: no function
 * DIE says) the file of its line. */
static const char *file_of(const struct srcline_frame *f)
{
	return f->decl_file ? f->decl_file : f->file;
}

/* The function of an inlined frame: one per name and start. */
static uint64_t inlined_of(struct pprof *pp, struct image_out *io, const struct srcline_frame *f)
{
	for (size_t k = 0; k < io->ninl; k++) {
		const struct inl *x = &io->inl[k];
		if (!strcmp(x->name, f->func) && x->line == f->decl_line &&
		    (x->file == f->decl_file || (x->file && f->decl_file && !strcmp(x->file, f->decl_file))))
			return x->id;
	}
	if (!(io->inl = realloc(io->inl, (io->ninl + 1) * sizeof *io->inl)))
		an_cli_die(&cli, "out of memory");
	uint64_t id = pprof_function(pp, f->func, file_of(f), f->decl_line);
	io->inl[io->ninl++] = (struct inl){ f->func, f->decl_file, f->decl_line, id };
	return id;
}

/* The procedure at off: its symbol's function (dcpiprof's row), with
 * the file and start line of its DWARF where there is one (outer: the
 * outermost frame at off, or NULL). */
static uint64_t function_of(struct pprof *pp, struct image_out *io, uint32_t pid, uint64_t off,
                            const struct srcline_frame *outer)
{
	if (io->ri->kind == PROF_UNKNOWN) {
		/* a function per process, as dcpiprof's rows (analysis/lib/report.h) */
		for (size_t k = 0; k < io->npid; k++)
			if (io->pid[k] == pid)
				return io->pid_fid[k];
		char name[32];
		snprintf(name, sizeof name, "pid %" PRIu32, pid);
		if (!(io->pid = realloc(io->pid, (io->npid + 1) * sizeof *io->pid)) ||
		    !(io->pid_fid = realloc(io->pid_fid, (io->npid + 1) * sizeof *io->pid_fid)))
			an_cli_die(&cli, "out of memory");
		io->pid[io->npid] = pid;
		return io->pid_fid[io->npid++] = pprof_function(pp, name, NULL, 0);
	}
	if (!io->syms)
		return 0;
	long s = elfsyms_find(&io->es, off);
	size_t k = s < 0 ? io->es.nsym : (size_t)s;
	if (!io->fid[k])
		io->fid[k] = pprof_function(pp, s < 0 ? "(no symbol)" : io->es.sym[k].name,
		                            s >= 0 && outer ? file_of(outer) : NULL,
		                            s >= 0 && outer ? outer->decl_line : 0);
	return io->fid[k];
}

/* The points [from, to) of one image: its mapping, then a location and a
 * sample per instruction. */
static void one_image(struct pprof *pp, struct image_out *io, const struct point *from,
                      const struct point *to)
{
	const struct report_image *ri = io->ri;
	char build_id[20];
	snprintf(build_id, sizeof build_id, "%016" PRIx64, ri->id);
	/* the mapping: the segment of the first instruction, or (no file,
	 * the unknown image) the span of the addresses */
	const struct elfseg *seg = NULL;
	uint64_t lo = UINT64_MAX, hi = 0;
	for (const struct point *q = from; q < to; q++) {
		uint64_t a = io->syms ? address(&io->es, q->off, &seg) : q->off;
		lo = a < lo ? a : lo;
		hi = a + 4 > hi ? a + 4 : hi;
	}
	if (io->syms)
		address(&io->es, from->off, &seg);
	struct pprof_mapping m = {
		seg ? seg->vaddr : lo, seg ? seg->vaddr + seg->filesz : hi,
		seg ? seg->offset : (ri->kind == PROF_UNKNOWN ? 0 : lo),
		ri->path, ri->kind == PROF_UNKNOWN ? NULL : build_id,
		io->syms || ri->kind == PROF_UNKNOWN, io->sl != NULL, io->sl != NULL,
	};
	io->mapping = pprof_mapping(pp, &m);

	size_t nv = pts.ncols + X_N;
	double v[REPORT_MAX_COLS + X_N];
	int64_t val[REPORT_MAX_COLS + X_N];
	for (const struct point *q = from, *end; q < to; q = end) {
		for (size_t c = 0; c < nv; c++)
			v[c] = c >= pts.ncols + X_CPI ? NAN : 0;
		bool analysed = false;
		for (end = q; end < to && !point_cmp(end, q); end++) {
			if (end->col >= pts.ncols + X_CPI)
				v[end->col] = end->v;   /* a ratio: one point a location */
			else
				v[end->col] += end->v;
			analysed |= end->col >= pts.ncols;
		}
		const struct elfseg *sg;
		uint64_t addr = io->syms ? address(&io->es, q->off, &sg) : q->off;
		/* the location's lines, innermost first (analysis/report/pprof.h):
		 * the inlined frames, then the procedure, its symbol's function
		 * as dcpiprof names it; without DWARF the procedure alone,
		 * line 0 (not known) */
		struct srcline_frame fr[SRCLINE_MAX_FRAMES];
		struct pprof_line lines[SRCLINE_MAX_FRAMES];
		size_t nfr = io->sl ? srcline_frames(io->sl, addr, fr, SRCLINE_MAX_FRAMES) : 0;
		for (size_t k = 0; k + 1 < nfr; k++)
			lines[k] = (struct pprof_line){ inlined_of(pp, io, &fr[k]), fr[k].line };
		lines[nfr ? nfr - 1 : 0] = (struct pprof_line){
			function_of(pp, io, q->pid, q->off, nfr ? &fr[nfr - 1] : NULL),
			nfr ? fr[nfr - 1].line : 0 };
		uint64_t loc = pprof_location(pp, io->mapping, addr, lines,
		                              lines[nfr ? nfr - 1 : 0].function ? (nfr ? nfr : 1) : 0);
		size_t n = 0;
		for (size_t c = 0; c < pts.ncols; c++)
			val[n++] = (int64_t)llround(v[c]);
		for (size_t x = 0; pts.est && x < (pts.truth ? X_CPI : X_TFREQ); x++)
			val[n++] = (int64_t)llround(v[pts.ncols + x]);
		struct pprof_label lab[3];
		size_t nl = 0;
		char cpi[32], tcpi[32];
		if (pts.est && !analysed)
			lab[nl++] = (struct pprof_label){ "estimate", "none", 0, NULL };
		if (isfinite(v[pts.ncols + X_CPI])) {
			snprintf(cpi, sizeof cpi, "%.2f", v[pts.ncols + X_CPI]);
			lab[nl++] = (struct pprof_label){ "cpi", cpi, 0, NULL };
		}
		if (isfinite(v[pts.ncols + X_TCPI])) {
			snprintf(tcpi, sizeof tcpi, "%.2f", v[pts.ncols + X_TCPI]);
			lab[nl++] = (struct pprof_label){ "true_cpi", tcpi, 0, NULL };
		}
		pprof_sample(pp, &loc, 1, val, n, lab, nl);
	}
}

/* ---- the profile -------------------------------------------------------- */

/* What an event column's values count (analysis/lib/report.h, report_kind). */
static const char *unit_of(const char *event)
{
	switch (report_kind_of(event)) {
	case REPORT_SAMPLES: return "samples";
	case REPORT_PM_RECORDS: return "records";
	default: return strncmp(event, "pm.head.", 8) ? "events" : "cycles";
	}
}

struct summary {
	size_t images, functions, locations;
	size_t unfound;              /* images whose file was not found */
};

static void build(struct pprof *pp, const struct report *r, struct summary *sum)
{
	for (size_t c = 0; c < r->ncols; c++)
		pprof_sample_type(pp, r->cols[c].name, unit_of(r->cols[c].name));
	for (size_t x = 0; pts.est && x < (pts.truth ? X_CPI : X_TFREQ); x++)
		pprof_sample_type(pp, xtype[x].type, xtype[x].unit);
	long cyc = report_col_of(r, "cycles");
	if (cyc >= 0 && r->cols[cyc].samples) {
		pprof_default_type(pp, "cycles");
		pprof_period(pp, "cycles", "count",
		             llround(r->cols[cyc].period_weight / (double)r->cols[cyc].samples));
	}
	char line[PROF_PATH_MAX + 256];
	snprintf(line, sizeof line, "alphasim DCPI profile database %s, %s", cli.so.db,
	         cli.so.epoch ? "one epoch" : "every epoch merged");
	if (cli.so.epoch)
		snprintf(line + strlen(line), sizeof line - strlen(line), " (%u)", cli.so.epoch);
	pprof_comment(pp, line);
	for (size_t c = 0; c < r->ncols; c++) {
		const struct report_col *col = &r->cols[c];
		snprintf(line, sizeof line, "%s: %" PRIu64 " %s, mean period %.0f", col->name,
		         col->samples, unit_of(col->name),
		         col->samples ? col->period_weight / (double)col->samples : 0);
		pprof_comment(pp, line);
	}
	if (pts.est) {
		snprintf(line, sizeof line, "freq, est_cycles: the %s estimator's executions and "
		         "cycles (label cpi); 0 with label estimate=none where not analysed",
		         cli.so.true_freq ? "truth's (--true-freq)" : est_label);
		pprof_comment(pp, line);
	}

	/* every event's samples, image by image */
	for (size_t i = 0; i < r->nimages; i++)
		for (size_t c = 0; r->images[i].chosen && c < r->ncols; c++)
			for (size_t k = 0; r->images[i].have[c] && k < r->images[i].prof[c].n; k++) {
				const struct prof_entry *e = &r->images[i].prof[c].e[k];
				push(i, e->pid, e->offset, c, (double)e->count);
			}
	qsort(pts.p, pts.n, sizeof *pts.p, point_cmp);
	for (size_t a = 0, b; a < pts.n; a = b) {
		for (b = a; b < pts.n && pts.p[b].image == pts.p[a].image; b++)
			;
		struct image_out io = { .ri = &r->images[pts.p[a].image] };
		char file[PATH_MAX], err[PROF_ERR_MAX];
		if (io.ri->kind != PROF_UNKNOWN) {
			io.syms = report_image_file(&cli.so.paths, io.ri, file, sizeof file, err,
			                            sizeof err) &&
			          elfsyms_load(&io.es, file, err, sizeof err);
			if (!io.syms && cli.so.image)
				an_cli_die(&cli, "%s", err);
			if (!io.syms) {
				fprintf(stderr, "%s: %s: its samples by address only, in no function\n",
				        cli.tool, err);
				sum->unfound++;
			}
			if (io.syms && !(io.fid = calloc(io.es.nsym + 1, sizeof *io.fid)))
				an_cli_die(&cli, "out of memory");
			/* its source lines, where it has DWARF (none: quietly) */
			if (io.syms)
				io.sl = srcline_open(file, NULL);
		}
		uint64_t nf = pp->nfunction, nl = pp->nlocation;
		one_image(pp, &io, pts.p + a, pts.p + b);
		sum->images++;
		sum->functions += pp->nfunction - nf;
		sum->locations += pp->nlocation - nl;
		free(io.fid);
		free(io.pid);
		free(io.pid_fid);
		free(io.inl);
		srcline_close(io.sl);
		if (io.syms)
			elfsyms_free(&io.es);
	}
}

static void print_summary(FILE *f, const struct report *r, const struct summary *sum,
                          const struct an_skips *k)
{
	const char *name = strcmp(output, "-") ? output : "standard output";
	if (cli.fmt == AN_JSON) {
		fprintf(f, "{\"tool\": \"dcpiexport\", \"output\": ");
		json_str(f, name);
		fprintf(f, ", \"format\": \"profile.proto\", \"estimator\": ");
		if (pts.est)
			json_str(f, cli.so.true_freq ? "truth" : an_estimator_name[cli.so.est]);
		else
			fputs("null", f);
		fprintf(f, ",\n \"sample_types\": [");
		size_t n = 0;
		for (size_t c = 0; c < r->ncols; c++) {
			fprintf(f, "%s{\"type\": ", n++ ? ", " : "");
			json_str(f, r->cols[c].name);
			fprintf(f, ", \"unit\": \"%s\"}", unit_of(r->cols[c].name));
		}
		for (size_t x = 0; pts.est && x < (pts.truth ? X_CPI : X_TFREQ); x++)
			fprintf(f, "%s{\"type\": \"%s\", \"unit\": \"%s\"}", n++ ? ", " : "",
			        xtype[x].type, xtype[x].unit);
		fprintf(f, "],\n \"images\": %zu, \"images_without_file\": %zu, \"functions\": %zu, "
		        "\"locations\": %zu, \"procedures_analysed\": %zu,\n ", sum->images,
		        sum->unfound, sum->functions, sum->locations, pts.procs);
		an_skips_json(k, f);
		fprintf(f, "}\n");
		return;
	}
	fprintf(f, "%s: %s (profile.proto, gzipped): %zu images, %zu functions, %zu locations\n",
	        cli.tool, name, sum->images, sum->functions, sum->locations);
	fprintf(f, "sample types:");
	for (size_t c = 0; c < r->ncols; c++)
		fprintf(f, " %s/%s", r->cols[c].name, unit_of(r->cols[c].name));
	for (size_t x = 0; pts.est && x < (pts.truth ? X_CPI : X_TFREQ); x++)
		fprintf(f, " %s/%s", xtype[x].type, xtype[x].unit);
	fprintf(f, "\n");
	if (pts.est)
		fprintf(f, "estimates (%s) of %zu procedures\n",
		        cli.so.true_freq ? "truth" : est_label, pts.procs);
	else
		fprintf(f, "no estimates: the database has no cycles samples\n");
	an_skips_text(k, f, "");
}

int main(int argc, char **argv)
{
	cli.opts = own;
	an_cli_parse(&cli, argc, argv);
	if (cli.top)
		an_cli_bad(cli.tool, "-n: dcpiexport writes every sample");
	if (!output)
		an_cli_bad(cli.tool, "--output FILE is needed (- for standard output)");
	/* the samples; the analysis runs where the database has CYCLES
	 * samples (of IMAGE), or the options ask for it */
	struct report own_rep;
	char err[PROF_ERR_MAX];
	const char *which = cli.so.image ? cli.so.image : REPORT_ALL;
	if (!report_read(&own_rep, cli.so.db, cli.so.epoch, which, err, sizeof err))
		an_cli_die(&cli, "%s", err);
	const struct report_image *named = NULL;
	for (size_t i = 0; cli.so.image && i < own_rep.nimages; i++)
		if (own_rep.images[i].chosen) {
			if (named)
				an_cli_die(&cli, "'%s' names more than one image: %s and %s",
				           cli.so.image, named->path, own_rep.images[i].path);
			named = &own_rep.images[i];
		}
	if (cli.so.image && !named)
		an_cli_die(&cli, "%s: no image '%s' (dcpiprof -db %s lists them)", cli.so.db,
		           cli.so.image, cli.so.db);
	long cyc = report_col_of(&own_rep, "cycles");
	pts.est = (cyc >= 0 && (named ? named->samples[cyc] : own_rep.cols[cyc].samples)) ||
	          cli.so.truth;
	struct an_session s;
	struct an_skips k = { 0 };
	const struct report *r = &own_rep;
	if (pts.est) {
		report_free(&own_rep);
		an_cli_open(&cli, &s, &cli.so);
		cli.so.est = s.o.est;    /* dcpi where imiss had no IMISS samples */
		est_label = an_session_est_label(&s);
		r = &s.rep;
		pts.truth = s.have_truth;
	}
	pts.ncols = r->ncols;
	images = r->images;
	if (pts.est)
		an_cli_visit(&cli, &s, visit, NULL, &k);

	struct pprof pp;
	struct summary sum = { 0 };
	pprof_init(&pp);
	build(&pp, r, &sum);
	struct outfile of;
	bool to_stdout = !strcmp(output, "-");
	if (!outfile_open(&of, to_stdout ? "/dev/stdout" : output, err, sizeof err))
		an_cli_die(&cli, "%s", err);
	if (!pprof_write(&pp, of.f, err, sizeof err)) {
		outfile_abort(&of);
		an_cli_die(&cli, "%s: %s", output, err);
	}
	if (!outfile_commit(&of, err, sizeof err))
		an_cli_die(&cli, "%s", err);
	print_summary(to_stdout ? stderr : stdout, r, &sum, &k);
	pprof_free(&pp);
	free(pts.p);
	an_skips_free(&k);
	if (pts.est)
		an_session_close(&s);
	else
		report_free(&own_rep);
	return an_cli_done(&cli);
}
