/*
 * callgraph.c - a program's static call graph weighted by the estimated
 * calls (analysis/report/callgraph.h; docs/tools.md, "dcpi2dot").
 */
#include "analysis/report/callgraph.h"
#include "analysis/report/table.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* what the graph keeps of an image: its procedures and call sites */
struct an_cg_image {
	bool read;
	struct an_callsites cs;
	char **name;                 /* its procedures' names               */
	uint64_t *addr, *size;
	double *samples;             /* their CYCLES samples                */
	size_t nproc;
};

/* one call site of a caller with samples */
struct an_cg_site {
	size_t image, proc;          /* the caller                          */
	size_t to_image, to_proc;    /* the callee; AN_CG_INDIRECT: unknown */
	uint64_t pc;
	double calls, truth;         /* calls NAN until estimated           */
};

static void *grow(void *v, size_t n, size_t size)
{
	return n & (n - 1) ? v : xrealloc(v, (n ? 2 * n : 1) * size);
}

static long proc_at(const struct an_cg_image *m, uint64_t a)
{
	size_t lo = 0, hi = m->nproc;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (a < m->addr[mid])
			hi = mid;
		else if (a >= m->addr[mid] + m->size[mid])
			lo = mid + 1;
		else
			return (long)mid;
	}
	return -1;
}

static bool read_image(struct an_cg_image *m, const struct an_session *s, size_t i,
                       struct an_profimage *pi, struct an_skips *k)
{
	const struct report_image *ri = &s->rep.images[i];
	char why[PROF_ERR_MAX + 256];
	if (!an_profimage_open(pi, &s->rep, ri, &s->o.paths, why, sizeof why) ||
	    !an_callsites_find(&m->cs, &pi->im, pi->file, why, sizeof why)) {
		if (ri->samples[s->cyc])   /* else no caller of it is drawn */
			an_skips_add(k, s, ri->path, ri->samples[s->cyc], why);
		an_profimage_close(pi);
		return false;
	}
	m->read = true;
	m->nproc = pi->im.nproc;
	m->name = xcalloc(m->nproc + 1, sizeof *m->name);
	m->addr = xcalloc(m->nproc + 1, sizeof *m->addr);
	m->size = xcalloc(m->nproc + 1, sizeof *m->size);
	m->samples = xcalloc(m->nproc + 1, sizeof *m->samples);
	for (size_t p = 0; p < m->nproc; p++) {
		const struct an_proc_sym *ps = &pi->im.proc[p];
		m->name[p] = xstrdup(ps->name);
		m->addr[p] = ps->addr;
		m->size[p] = ps->size;
		if (ri->samples[s->cyc] && ps->size >= 4) {
			size_t n = ps->size / 4;
			double *v = xcalloc(n, sizeof *v);
			an_profimage_samples(pi, s->cyc, ps->addr, n, v);
			for (size_t j = 0; j < n; j++)
				m->samples[p] += v[j];
			free(v);
		}
	}
	return true;
}

/* the callee of a site of image i: (image, proc), or false */
static bool callee(const struct an_callgraph *g, size_t i, const struct an_callsite *c,
                   size_t *ti, size_t *tp)
{
	if (c->how == AN_CALL_INDIRECT)
		return false;
	if (c->how != AN_CALL_GOT_SYM) {
		long p = proc_at(&g->img[i], c->target);
		*ti = i, *tp = (size_t)p;
		return p >= 0;
	}
	for (size_t j = 0; j < g->nimg; j++) {   /* the image defining the symbol */
		const struct an_cg_image *m = &g->img[j];
		if (!m->read)
			continue;
		for (size_t d = 0; d < m->cs.ndef; d++)
			if (!strcmp(m->cs.def[d].name, c->sym)) {
				long p = proc_at(m, m->cs.def[d].addr);
				if (p >= 0) {
					*ti = j, *tp = (size_t)p;
					return true;
				}
			}
	}
	return false;
}

void an_callgraph_scan(struct an_callgraph *g, const struct an_session *s, size_t callers,
                       struct an_skips *k)
{
	memset(g, 0, sizeof *g);
	g->nimg = s->rep.nimages;
	g->img = xcalloc(g->nimg + 1, sizeof *g->img);
	struct an_profimage *pi = xcalloc(g->nimg + 1, sizeof *pi);
	for (size_t i = 0; i < g->nimg; i++)
		read_image(&g->img[i], s, i, &pi[i], k);
	for (size_t i = 0; i < g->nimg; i++) {
		const struct an_cg_image *m = &g->img[i];
		if (!m->read)
			continue;
		const struct report_image *ri = &s->rep.images[i];
		const struct an_truth_image *ti = s->have_truth
			? an_truth_image(&s->truth, ri->path, ri->id) : NULL;
		for (size_t j = 0; (callers == AN_CG_INDIRECT || callers == i) && j < m->cs.n; j++) {
			const struct an_callsite *c = &m->cs.site[j];
			if (!(m->samples[c->proc] > 0))
				continue;
			struct an_cg_site x = { i, c->proc, AN_CG_INDIRECT, 0, c->pc, NAN, NAN };
			if (!callee(g, i, c, &x.to_image, &x.to_proc))
				x.to_image = AN_CG_INDIRECT;
			if (s->have_truth) {
				uint64_t off;
				const struct an_truth_insn *t = ti && an_image_va2off(&pi[i].im, c->pc, &off)
					? an_truth_at(ti, off) : NULL;
				x.truth = t ? (double)t->count : 0;
			}
			g->site = grow(g->site, g->nsite, sizeof *g->site);
			g->site[g->nsite++] = x;
		}
	}
	for (size_t i = 0; i < g->nimg; i++)
		if (g->img[i].read)
			an_profimage_close(&pi[i]);
	free(pi);
}

bool an_callgraph_visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                        const struct an_proc *a)
{
	struct an_callgraph *g = arg;
	size_t image = (size_t)(pi->ri - s->rep.images);
	for (size_t j = 0; j < g->nsite; j++) {
		struct an_cg_site *x = &g->site[j];
		long i = x->image == image && x->proc == a->p ? an_cfg_insn_at(&a->g, x->pc) : -1;
		if (i >= 0)
			x->calls = a->e.cls[a->q.class_of[a->g.block_of[i]]].count;
	}
	return true;
}

static size_t node(struct an_callgraph *g, size_t image, size_t proc)
{
	for (size_t n = 0; n < g->nnode; n++)
		if (g->node[n].image == image && (image == AN_CG_INDIRECT || g->node[n].proc == proc))
			return n;
	g->node = grow(g->node, g->nnode, sizeof *g->node);
	struct an_cg_node *v = &g->node[g->nnode];
	v->image = image, v->proc = proc;
	v->name = image == AN_CG_INDIRECT ? "(indirect)" : g->img[image].name[proc];
	v->samples = image == AN_CG_INDIRECT ? 0 : g->img[image].samples[proc];
	return g->nnode++;
}

static int by_calls(const void *pa, const void *pb)
{
	const struct an_cg_edge *a = pa, *b = pb;
	if (a->calls != b->calls)
		return a->calls < b->calls ? 1 : -1;
	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	return (a->to > b->to) - (a->to < b->to);
}

void an_callgraph_finish(struct an_callgraph *g, bool truth)
{
	for (size_t j = 0; j < g->nsite; j++) {
		const struct an_cg_site *x = &g->site[j];
		size_t from = node(g, x->image, x->proc), to = node(g, x->to_image, x->to_proc), e;
		for (e = 0; e < g->nedge && !(g->edge[e].from == from && g->edge[e].to == to); e++)
			;
		if (e == g->nedge) {
			g->edge = grow(g->edge, g->nedge, sizeof *g->edge);
			g->edge[g->nedge++] = (struct an_cg_edge){ from, to, 0, 0, 0, truth ? 0 : NAN };
		}
		struct an_cg_edge *d = &g->edge[e];
		d->sites++;
		if (isfinite(x->calls)) {
			d->estimated++;
			d->calls += x->calls;
		}
		if (truth)
			d->truth += x->truth;
	}
	if (g->nedge)
		qsort(g->edge, g->nedge, sizeof *g->edge, by_calls);
}

void an_callgraph_dot(FILE *f, const struct an_callgraph *g, const struct an_session *s,
                      const char *title, size_t max_edges)
{
	/* the edges drawn: the first (g->edge is by calls, most first),
	 * and the nodes they join; the shares and the colours are of the
	 * whole graph's, so that they do not change with the limit */
	size_t nedge = g->nedge < max_edges ? g->nedge : max_edges;
	bool *drawn = xcalloc(g->nnode + 1, sizeof *drawn);
	for (size_t e = 0; e < nedge; e++)
		drawn[g->edge[e].from] = drawn[g->edge[e].to] = true;
	double total = 0, maxs = 0, maxc = 0;
	for (size_t n = 0; n < g->nnode; n++) {
		total += g->node[n].samples;
		maxs = fmax(maxs, g->node[n].samples);
	}
	for (size_t e = 0; e < g->nedge; e++)
		maxc = fmax(maxc, g->edge[e].calls);
	char s1[16], s2[16], cut[160] = "";
	if (nedge < g->nedge)
		snprintf(cut, sizeof cut, "\\n%zu of %zu edges drawn, those with the most calls; "
		         "%zu left out (-n N draws N)", nedge, g->nedge, g->nedge - nedge);
	fprintf(f, "digraph \"callgraph\" {\n");
	if (*cut)
		fprintf(f, "  // %zu of %zu edges left out: the ones with the fewest calls\n",
		        g->nedge - nedge, g->nedge);
	fprintf(f, "  label=\"call graph of %s: calls estimated by %s (the calling blocks' "
	        "executions)%s%s\";\n  labelloc=t;\n", title, an_estimator_name[s->o.est],
	        s->have_truth ? ", true calls in brackets" : "", cut);
	fprintf(f, "  node [shape=box, style=filled, fontname=\"monospace\", fontsize=10];\n");
	/* as dcpi2dot's blocks: the fill the node's share of the samples
	 * (white to red), here its font size too */
	for (size_t n = 0; n < g->nnode; n++) {
		const struct an_cg_node *v = &g->node[n];
		if (!drawn[n])
			continue;
		if (v->image == AN_CG_INDIRECT) {
			fprintf(f, "  N%zu [label=\"(indirect)\", shape=oval, fillcolor=white];\n", n);
			continue;
		}
		const char *img = s->rep.images[v->image].path;
		const char *base = strrchr(img, '/');
		double heat = maxs > 0 ? v->samples / maxs : 0;
		fprintf(f, "  N%zu [label=\"", n);
		for (const char *c = v->name; *c; c++)   /* names are C's, but say it safely */
			fprintf(f, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
		fprintf(f, "\\n%s\\nsamples %s (%.1f%%)\", fillcolor=\"0.000 %.3f 1.000\", "
		        "fontsize=%.1f];\n", base ? base + 1 : img, an_out_short(v->samples, s1),
		        total > 0 ? 100 * v->samples / total : 0, 0.9 * heat, 10 + 8 * heat);
	}
	for (size_t e = 0; e < nedge; e++) {
		const struct an_cg_edge *d = &g->edge[e];
		fprintf(f, "  N%zu -> N%zu [label=\"%s", d->from, d->to,
		        d->estimated ? an_out_short(d->calls, s1) : "?");
		if (isfinite(d->truth))
			fprintf(f, " [%s]", an_out_short(d->truth, s2));
		if (d->sites > 1)
			fprintf(f, " (%zu sites)", d->sites);
		fprintf(f, "\", calls=%.0f, ", d->calls);
		if (isfinite(d->truth))
			fprintf(f, "true_calls=%.0f, ", d->truth);
		fprintf(f, "sites=%zu, penwidth=%.2f];\n", d->sites,
		        1 + 4 * (maxc > 0 ? d->calls / maxc : 0));
	}
	fprintf(f, "}\n");
	free(drawn);
}

void an_callgraph_free(struct an_callgraph *g)
{
	for (size_t i = 0; i < g->nimg; i++) {
		struct an_cg_image *m = &g->img[i];
		if (!m->read)
			continue;
		an_callsites_free(&m->cs);
		for (size_t p = 0; p < m->nproc; p++)
			free(m->name[p]);
		free(m->name);
		free(m->addr);
		free(m->size);
		free(m->samples);
	}
	free(g->img);
	free(g->site);
	free(g->node);
	free(g->edge);
}
