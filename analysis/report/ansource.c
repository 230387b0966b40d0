/*
 * ansource.c - a procedure's analysis by source line (analysis/report/ansource.h).
 */
#include "analysis/report/ansource.h"
#include "analysis/report/table.h"
#include "analysis/lib/pmest.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct srcline *an_src_of(struct an_src_cache *c, const struct an_profimage *pi)
{
	return srcline_get(&c->sl, pi->file, c->root);
}

void an_src_cache_close(struct an_src_cache *c)
{
	srcline_close(c->sl);
	c->sl = NULL;
}

struct srcline *an_src_named(const struct an_session *s, const char *root, char *err,
                             size_t errlen)
{
	for (size_t i = 0; i < s->rep.nimages; i++) {
		const struct report_image *ri = &s->rep.images[i];
		char file[PATH_MAX];
		if (!ri->chosen || ri->kind == PROF_UNKNOWN)
			continue;
		if (!report_image_file(&s->o.paths, ri, file, sizeof file, err, errlen))
			return NULL;
		struct srcline *sl = srcline_open(file, root);
		if (!sl)
			snprintf(err, errlen, "%s: %s has no DWARF line table (build it with -g)",
			         ri->path, file);
		return sl;
	}
	snprintf(err, errlen, "%s: samples of no known image have no source lines",
	         s->o.image ? s->o.image : s->o.db);
	return NULL;
}

void an_src_loc(struct srcline *sl, const struct an_proc *a, size_t i, char *buf, size_t len)
{
	const char *file;
	unsigned line;
	if (srcline_at(sl, an_cfg_pc(&a->g, i), &file, &line))
		snprintf(buf, len, "%s:%u", srcline_base(file), line);
	else if (len)
		buf[0] = 0;
}

void an_src_csv(FILE *f, struct srcline *sl, const struct an_proc *a, size_t i)
{
	uint64_t pc = an_cfg_pc(&a->g, i);
	const char *file;
	unsigned line;
	if (!srcline_at(sl, pc, &file, &line)) {
		fputs(",,,", f);
		return;
	}
	putc(',', f);
	an_out_csv(f, file);
	fprintf(f, ",%u,", line);
	struct srcline_frame fr[SRCLINE_MAX_FRAMES];
	size_t n = srcline_frames(sl, pc, fr, SRCLINE_MAX_FRAMES);
	char buf[4096];
	size_t at = 0;
	for (size_t k = 0; k < n && at < sizeof buf; k++) {
		int w = snprintf(buf + at, sizeof buf - at, "%s%s %s:%u", k ? ";" : "", fr[k].func,
		                 fr[k].file ? fr[k].file : "??", fr[k].line);
		at += w > 0 ? (size_t)w : 0;
	}
	buf[at < sizeof buf ? at : sizeof buf - 1] = 0;
	an_out_csv(f, buf);
}

void an_src_json(FILE *f, struct srcline *sl, const struct an_proc *a, size_t i)
{
	uint64_t pc = an_cfg_pc(&a->g, i);
	const char *file;
	unsigned line;
	if (!srcline_at(sl, pc, &file, &line)) {
		fputs(", \"src_file\": null, \"src_line\": null, \"frames\": []", f);
		return;
	}
	fputs(", \"src_file\": ", f);
	json_str(f, file);
	fprintf(f, ", \"src_line\": %u, \"frames\": [", line);
	struct srcline_frame fr[SRCLINE_MAX_FRAMES];
	size_t n = srcline_frames(sl, pc, fr, SRCLINE_MAX_FRAMES);
	for (size_t k = 0; k < n; k++) {
		fprintf(f, "%s{\"function\": ", k ? ", " : "");
		json_str(f, fr[k].func);
		fputs(", \"file\": ", f);
		if (fr[k].file)
			json_str(f, fr[k].file);
		else
			fputs("null", f);
		fprintf(f, ", \"line\": %u}", fr[k].line);
	}
	fputs("]", f);
}

void an_src_above(FILE *f, struct srcline *sl, const struct an_proc *a, size_t i, int indent)
{
	const char *file, *pfile;
	unsigned line, pline;
	if (!srcline_at(sl, an_cfg_pc(&a->g, i), &file, &line))
		return;
	if (i && srcline_at(sl, an_cfg_pc(&a->g, i - 1), &pfile, &pline) && pfile == file &&
	    pline == line)
		return;
	/* where the function changes (an inlined one begins or ends), its
	 * name and where it was inlined, as dcpiprof --lines names it */
	char now[1024], before[1024];
	const char *fn = srcline_name(sl, an_cfg_pc(&a->g, i), now, sizeof now) ? strchr(now, ' ')
	                                                                       : NULL;
	const char *pfn = i && srcline_name(sl, an_cfg_pc(&a->g, i - 1), before, sizeof before)
		? strchr(before, ' ') : NULL;
	if (fn && (!pfn || strcmp(fn, pfn)))
		fprintf(f, "%*s--%s\n", indent, "", fn);
	const char *t = srcline_text(sl, file, line);
	fprintf(f, "%*s%s:%u  %s\n", indent, "", srcline_base(file), line, t ? t : "");
}

/* ---- dcpilist --source ------------------------------------------------- */

/* A source line of the procedure: its instructions' sums. */
struct line {
	const char *file;            /* srcline's, compared as pointers */
	unsigned line;
	size_t ninsn, first;         /* instructions, the first's index */
	double count, cycles, tcount, thead;
	size_t nt;                   /* instructions with a truth record */
	double *samples;             /* per event column */
};

static int line_cmp(const void *x, const void *y)
{
	const struct line *a = x, *b = y;
	if (a->file != b->file)
		return a->first < b->first ? -1 : 1;     /* files by first code */
	return a->line < b->line ? -1 : a->line > b->line;
}

/* The lines of a with code, sorted by file (in the order the code
 * reaches them) and line; *n of them; NULL when none or out of memory. */
static struct line *collect(struct srcline *sl, const struct an_proc *a, size_t *n)
{
	struct line *v = NULL;
	*n = 0;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const char *file;
		unsigned ln;
		if (!srcline_at(sl, an_cfg_pc(&a->g, i), &file, &ln))
			continue;
		size_t k = 0;
		while (k < *n && !(v[k].file == file && v[k].line == ln))
			k++;
		if (k == *n) {
			struct line *w = realloc(v, (*n + 1) * sizeof *w);
			double *smp = calloc(a->nev ? a->nev : 1, sizeof *smp);
			if (!w || !smp) {
				free(smp);
				v = w ? w : v;
				break;
			}
			v = w;
			v[(*n)++] = (struct line){ .file = file, .line = ln, .first = i, .samples = smp };
		}
		struct line *l = &v[k];
		const struct an_insn_est *x = &a->e.insn[i];
		l->ninsn++;
		l->count += x->count > 0 ? x->count : 0;
		l->cycles += x->cycles;
		for (size_t c = 0; c < a->nev; c++)
			l->samples[c] += an_proc_samples(a, c, i);
		if (a->t[i]) {
			l->nt++;
			l->tcount += (double)a->t[i]->count;
			l->thead += (double)a->t[i]->head;
		}
	}
	/* a file's lines keep the index of its first code, so that they
	 * sort together */
	for (size_t k = 0; k < *n; k++)
		for (size_t j = 0; j < k; j++)
			if (v[j].file == v[k].file) {
				v[k].first = v[j].first;
				break;
			}
	if (*n)
		qsort(v, *n, sizeof *v, line_cmp);
	return v;
}

static void free_lines(struct line *v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free(v[k].samples);
	free(v);
}

/* A line's estimates: its instructions' mean executions, and the cycles
 * its samples stand for over the instructions executed (NaN without
 * samples); the truth's alike. */
static double freq(const struct line *l)
{
	return l->count / (double)l->ninsn;
}
static double cpi(const struct line *l, size_t cyc)
{
	return l->samples[cyc] > 0 && l->count > 0 ? l->cycles / l->count : NAN;
}
static double tfreq(const struct line *l)
{
	return l->nt ? l->tcount / (double)l->ninsn : NAN;
}
static double tcpi(const struct line *l)
{
	return l->tcount > 0 ? l->thead / l->tcount : NAN;
}

/* Lines of code within this many of a line printed show it as context
 * (cg_annotate's); a longer run of lines without code is one "...". */
#define CONTEXT 2

static void text_file(FILE *f, const struct an_session *s, const struct an_proc *a,
                      struct srcline *sl, const struct line *v, size_t n)
{
	char b[16];
	bool truth = s->have_truth;
	const char *file = v[0].file;
	bool found = srcline_text(sl, file, 1) != NULL;
	if (found)
		fprintf(f, "  %s (%s)\n", srcline_base(file), srcline_where(sl, file));
	else
		fprintf(f, "  %s: source not found at %s (--source-root DIR looks under DIR)\n",
		        srcline_base(file), srcline_where(sl, file));
	fprintf(f, "%7s", "line");
	for (size_t c = 0; c < a->nev; c++)
		if (an_pm_listed(&s->rep, c))
			fprintf(f, " %8.8s", an_pm_heading(&s->rep, c));
	fprintf(f, " %8s %7s%s  %s\n", "freq", "cpi", truth ? "    tfreq    tcpi" : "", "source");
	unsigned lo = v[0].line > CONTEXT ? v[0].line - CONTEXT : 1;
	unsigned hi = v[n - 1].line + CONTEXT;
	size_t k = 0;
	bool gap = false;
	for (unsigned ln = lo; ln <= hi; ln++) {
		while (k < n && v[k].line < ln)
			k++;
		const char *t = srcline_text(sl, file, ln);
		bool code = k < n && v[k].line == ln;
		bool near = (k < n && v[k].line - ln <= CONTEXT) ||
		            (k > 0 && ln - v[k - 1].line <= CONTEXT);
		if (!code && (!found || !t || !near)) {
			if (found && t && !gap)
				fprintf(f, "%7s\n", "...");
			gap = found && t;
			continue;
		}
		gap = false;
		fprintf(f, "%7u", ln);
		if (code) {
			const struct line *l = &v[k];
			for (size_t c = 0; c < a->nev; c++)
				if (an_pm_listed(&s->rep, c))
					fprintf(f, " %8.0f", l->samples[c]);
			fprintf(f, " %8s", an_out_short(freq(l), b));
			an_out_cpi(f, 7, cpi(l, a->cyc));
			if (truth) {
				fprintf(f, " %8s", an_out_short(tfreq(l), b));
				an_out_cpi(f, 7, tcpi(l));
			}
		} else {
			size_t listed = 0;
			for (size_t c = 0; c < a->nev; c++)
				listed += an_pm_listed(&s->rep, c);
			fprintf(f, "%*s", (int)(9 * listed + 17 + (truth ? 17 : 0)), "");
		}
		fprintf(f, "  %s\n", t ? t : "");
	}
}

void an_src_listing(FILE *f, enum an_format fmt, bool first, const struct an_session *s,
                    const struct an_profimage *pi, const struct an_proc *a,
                    struct srcline *sl)
{
	size_t n;
	struct line *v = collect(sl, a, &n);
	bool truth = s->have_truth;
	if (fmt == AN_TEXT) {
		fprintf(f, "%s%s (%s):\n", first ? "" : "\n", an_proc_name(a), pi->ri->path);
		if (!n)
			fprintf(f, "  no source lines (no DWARF for this code)\n");
		for (size_t k = 0, e; k < n; k = e) {
			for (e = k; e < n && v[e].file == v[k].file; e++)
				;
			text_file(f, s, a, sl, v + k, e - k);
		}
	} else if (fmt == AN_CSV) {
		if (first) {
			fprintf(f, "image,procedure,src_file,src_line");
			for (size_t c = 0; c < a->nev; c++)
				if (an_pm_listed(&s->rep, c))
					fprintf(f, ",%s", s->rep.cols[c].name);
			fprintf(f, ",insns,freq,cpi%s,source\n", truth ? ",true_freq,true_cpi" : "");
		}
		for (size_t k = 0; k < n; k++) {
			const struct line *l = &v[k];
			const char *t = srcline_text(sl, l->file, l->line);
			an_out_csv(f, pi->ri->path);
			putc(',', f);
			an_out_csv(f, an_proc_name(a));
			putc(',', f);
			an_out_csv(f, l->file);
			fprintf(f, ",%u", l->line);
			for (size_t c = 0; c < a->nev; c++)
				if (an_pm_listed(&s->rep, c))
					fprintf(f, ",%.0f", l->samples[c]);
			fprintf(f, ",%zu,%.6g,%.6g", l->ninsn, freq(l), cpi(l, a->cyc));
			if (truth)
				fprintf(f, ",%.6g,%.6g", tfreq(l), tcpi(l));
			putc(',', f);
			an_out_csv(f, t ? t : "");
			putc('\n', f);
		}
	} else {
		fprintf(f, "%s\n  {\"image\": ", first ? "" : ",");
		json_str(f, pi->ri->path);
		fprintf(f, ", \"procedure\": ");
		json_str(f, an_proc_name(a));
		fprintf(f, ", \"lines\": [");
		for (size_t k = 0; k < n; k++) {
			const struct line *l = &v[k];
			const char *t = srcline_text(sl, l->file, l->line);
			fprintf(f, "%s\n    {\"src_file\": ", k ? "," : "");
			json_str(f, l->file);
			fprintf(f, ", \"src_line\": %u, \"samples\": {", l->line);
			for (size_t c = 0, m = 0; c < a->nev; c++)
				if (an_pm_listed(&s->rep, c))
					fprintf(f, "%s\"%s\": %.0f", m++ ? ", " : "", s->rep.cols[c].name,
					        l->samples[c]);
			fprintf(f, "}, \"insns\": %zu, \"freq\": ", l->ninsn);
			an_out_json_num(f, freq(l));
			fprintf(f, ", \"cpi\": ");
			an_out_json_num(f, cpi(l, a->cyc));
			if (truth) {
				fprintf(f, ", \"true_freq\": ");
				an_out_json_num(f, tfreq(l));
				fprintf(f, ", \"true_cpi\": ");
				an_out_json_num(f, tcpi(l));
			}
			fprintf(f, ", \"source\": ");
			if (t)
				json_str(f, t);
			else
				fputs("null", f);
			fputc('}', f);
		}
		fprintf(f, "]}");
	}
	free_lines(v, n);
}
