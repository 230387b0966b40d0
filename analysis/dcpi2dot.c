/*
 * dcpi2dot.c - a procedure's control-flow graph as Graphviz DOT (docs/
 * tools.md, "dcpi2dot"; DCPI's dcpi2ps in today's form):
 *
 *   dcpi2dot [-db DIR] [options] [--svg FILE | --png FILE] IMAGE PROC
 *
 * One box per basic block: its addresses, its estimated executions and
 * their confidence, its cycles and their share of the procedure's, and
 * the culprits of its dynamic stalls with their cycles.  The fill is the
 * block's share of the cycles (white to red), the border's width its
 * executions; edges carry their estimated executions (the estimate's, or
 * their block's where they are its only way out or in), branches taken
 * blue, the virtual ones (ENTRY, EXIT, analysis/lib/cfg.h) dashed; each way out goes to an EXIT of
 * its own.  --svg and --png render it with
 * Graphviz's dot into FILE (written whole: into a temporary file renamed
 * over FILE).  --csv and --json give the blocks and edges.
 *
 * --callgraph [IMAGE]: instead, the program's call graph weighted by
 * the estimated calls (analysis/report/callgraph.h), procedures filled by
 * their samples as blocks by their cycles; --csv and --json its edges.
 * -n N (--edges N) keeps the N edges with the most calls: the drawing
 * by default the 40 heaviest (a large program's whole graph is
 * unreadable), --csv and --json every edge.
 */
#include "analysis/report/table.h"
#include "analysis/report/callgraph.h"
#include "analysis/report/cli.h"
#include "util/cmd.h"
#include "util/xalloc.h"
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <signal.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* the edges --callgraph draws by default, as gprof2dot's and perf's
 * thresholds keep a large program's graph to what can be read */
#define DEFAULT_EDGES 40

static const char *svg, *png, *edges;
static bool callgraph;
static const struct an_cli_opt opts[] = {
	{ "callgraph", NULL, "the program's call graph (every image's, or IMAGE's callers)",
	  NULL, &callgraph },
	{ "edges", "N", "--callgraph: the N edges with the most calls (-n N the same;\n"
	  "default: 40 drawn, every edge in --csv and --json)", &edges, NULL },
	{ "svg", "FILE", "render the graph to FILE as SVG (Graphviz's dot)", &svg, NULL },
	{ "png", "FILE", "render the graph to FILE as PNG (Graphviz's dot)", &png, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

static struct an_cli cli = { .id = AN_TOOL_dcpi2dot, .opts = opts };

/* one block's figures */
struct blk {
	double count, cycles, stall;
	enum an_conf conf;
	uint32_t culprits;
	bool stalled;
};

static void blocks(const struct an_proc *a, struct blk *b)
{
	for (size_t k = 0; k < a->g.nb; k++) {
		const struct an_class_est *c = &a->e.cls[a->q.class_of[k]];
		memset(&b[k], 0, sizeof b[k]);
		b[k].count = c->count;
		b[k].conf = c->conf;
		for (uint32_t i = a->g.b[k].first; i < a->g.b[k].first + a->g.b[k].n; i++) {
			const struct an_insn_est *x = &a->e.insn[i];
			b[k].cycles += x->cycles;
			if (a->cul[i].stalled) {
				b[k].stalled = true;
				b[k].culprits |= a->cul[i].set;
				b[k].stall += fmax(0, x->cycles - (x->count > 0 ? x->count : 0) * x->m);
			}
		}
	}
}

/* An edge's executions: the estimate's, or where it has none, those of
 * a block the edge is the only way out of or into. */
static double edge_count(const struct an_proc *a, const struct blk *b, size_t e)
{
	const struct an_cfg *g = &a->g;
	uint32_t src = g->e[e].src, dst = g->e[e].dst;
	double n = a->e.edge ? a->e.edge[e] : NAN;
	if (isfinite(n))
		return n;
	if (src < g->nb && g->succ_at[src + 1] - g->succ_at[src] == 1)
		return b[src].count;
	if (dst < g->nb && g->pred_at[dst + 1] - g->pred_at[dst] == 1)
		return b[dst].count;
	return NAN;
}

static const char *node_name(const struct an_cfg *g, uint32_t v, char buf[24])
{
	if (v == g->entry)
		return "ENTRY";
	if (v == g->exit)
		return "EXIT";
	snprintf(buf, 24, "B%u", v);
	return buf;
}

static uint64_t block_end(const struct an_cfg *g, size_t k)
{
	return an_cfg_pc(g, g->b[k].first + g->b[k].n - 1);
}

static void dot(FILE *f, const struct an_proc *a, const char *image, const struct blk *b)
{
	const struct an_cfg *g = &a->g;
	double total = 0, maxc = 0, maxn = 0;
	for (size_t k = 0; k < g->nb; k++) {
		total += b[k].cycles;
		maxc = fmax(maxc, b[k].cycles);
		maxn = fmax(maxn, isfinite(b[k].count) ? b[k].count : 0);
	}
	char s1[16], s2[16], s3[16], codes[32], name[24], name2[24];
	fprintf(f, "digraph \"%s\" {\n", an_proc_name(a));
	fprintf(f, "  label=\"%s in %s: %s cycles, estimator %s\";\n  labelloc=t;\n",
	        an_proc_name(a), image, an_out_short(total, s1), an_estimator_name[a->e.est]);
	fprintf(f, "  node [shape=box, style=filled, fontname=\"monospace\", fontsize=10];\n");
	fprintf(f, "  ENTRY [shape=oval, fillcolor=white];\n");
	for (size_t k = 0; k < g->nb; k++) {
		double share = total > 0 ? b[k].cycles / total : 0;
		double heat = maxc > 0 ? b[k].cycles / maxc : 0;
		double width = maxn > 0 && isfinite(b[k].count) ? b[k].count / maxn : 0;
		fprintf(f, "  B%zu [label=\"B%zu 0x%llx-0x%llx (%u)\\lexecutions %s (%s)\\lcycles %s "
		        "(%.1f%%)\\l", k, k, (unsigned long long)an_cfg_pc(g, g->b[k].first),
		        (unsigned long long)block_end(g, k), g->b[k].n, an_out_short(b[k].count, s1),
		        an_conf_name[b[k].conf], an_out_short(b[k].cycles, s2), 100 * share);
		if (b[k].stalled) {
			an_culprit_codes(b[k].culprits, codes, sizeof codes);
			fprintf(f, "stall %s: %s\\l", codes, an_out_short(b[k].stall, s3));
		}
		fprintf(f, "\", fillcolor=\"0.000 %.3f 1.000\", penwidth=%.2f];\n", 0.9 * heat,
		        1 + 4 * width);
	}
	/* an edge's kind as its style and colour, its executions as a label
	 * only where some ran (labels are what makes dot slow on a graph of
	 * hundreds of blocks) */
	for (size_t e = 0; e < g->ne; e++) {
		const struct an_edge *x = &g->e[e];
		double n = edge_count(a, b, e);
		if (x->dst == g->exit) {   /* one EXIT each: dot is slow to lay out a wide fan-in */
			snprintf(name2, sizeof name2, "X%zu", e);
			fprintf(f, "  %s [shape=oval, label=\"EXIT\", fontsize=8, fillcolor=white];\n",
			        name2);
		} else {
			node_name(g, x->dst, name2);
		}
		fprintf(f, "  %s -> %s [", node_name(g, x->src, name), name2);
		if (isfinite(n) && n >= 0.5)
			fprintf(f, "label=\"%s\", ", an_out_short(n, s1));
		fprintf(f, "%spenwidth=%.2f];\n", x->kind >= AN_E_entry ? "style=dashed, " :
		        x->kind == AN_E_taken || x->kind == AN_E_br ? "color=blue, " : "",
		        1 + 3 * (maxn > 0 && isfinite(n) ? n / maxn : 0));
	}
	fprintf(f, "}\n");
}

static const struct an_tcol bcols[] = {
	{ .name = "block" }, { .name = "start" },
	{ .name = "end" }, { .name = "insns", .text = "%.0f" },
	{ .name = "count", .text = "%.0f" }, { .name = "conf" },
	{ .name = "cycles", .text = "%.0f" }, { .name = "pct", .text = "%.2f" },
	{ .name = "stall_cycles", .text = "%.0f" }, { .name = "culprits" },
};
static const struct an_tcol ecols[] = {
	{ .name = "src" }, { .name = "dst" },
	{ .name = "kind" }, { .name = "count", .text = "%.0f" },
};

static void tables(const struct an_proc *a, const struct blk *b, struct an_table *bt,
                   struct an_table *et)
{
	const struct an_cfg *g = &a->g;
	double total = 0;
	char buf[32], name[24];
	for (size_t k = 0; k < g->nb; k++)
		total += b[k].cycles;
	an_table_init(bt, bcols, sizeof bcols / sizeof *bcols);
	an_table_init(et, ecols, sizeof ecols / sizeof *ecols);
	for (size_t k = 0; k < g->nb; k++) {
		an_table_str(bt, node_name(g, (uint32_t)k, name));
		snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)an_cfg_pc(g, g->b[k].first));
		an_table_str(bt, buf);
		snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)block_end(g, k));
		an_table_str(bt, buf);
		an_table_num(bt, g->b[k].n);
		an_table_num(bt, b[k].count);
		an_table_str(bt, an_conf_name[b[k].conf]);
		an_table_num(bt, b[k].cycles);
		an_table_num(bt, total > 0 ? 100 * b[k].cycles / total : 0);
		an_table_num(bt, b[k].stall);
		if (b[k].stalled)
			an_culprit_codes(b[k].culprits, buf, sizeof buf);
		else
			buf[0] = 0;
		an_table_str(bt, buf);
	}
	for (size_t e = 0; e < g->ne; e++) {
		an_table_str(et, node_name(g, g->e[e].src, name));
		an_table_str(et, node_name(g, g->e[e].dst, name));
		an_table_str(et, an_edge_kind_name[g->e[e].kind]);
		an_table_num(et, edge_count(a, b, e));
	}
	if (bt->nomem || et->nomem)
		xalloc_fail();
}

/* dot -TFMT < the graph > TMP, then TMP renamed over out: TMP is created
 * here (exclusively, in out's directory), so that a place that cannot
 * be written is one line naming out, and a failure leaves out as it was */
static void render(const char *fmt, const char *out, const char *graph, size_t len)
{
	size_t n = strlen(out) + 32;
	char *tmp = xmalloc(n);
	snprintf(tmp, n, "%s.%ld.tmp", out, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		an_cli_die(&cli, "--%s %s: %s", fmt, out, strerror(errno));
	char tflag[16];
	snprintf(tflag, sizeof tflag, "-T%s", fmt);
	int in[2];
	pid_t pid = -1;
	if (!pipe(in) && (pid = fork()) == 0) {
		dup2(in[0], 0);
		dup2(fd, 1);
		close(in[0]);
		close(in[1]);
		close(fd);
		execlp("dot", "dot", tflag, (char *)NULL);
		fprintf(stderr, "dcpi2dot: --%s %s: cannot run dot (Graphviz: Debian's graphviz "
		        "package): %s\n", fmt, out, strerror(errno));
		_exit(127);
	}
	int e = errno, st = 0;
	close(fd);
	if (pid < 0) {
		unlink(tmp);
		an_cli_die(&cli, "--%s %s: %s", fmt, out, strerror(e));
	}
	close(in[0]);
	signal(SIGPIPE, SIG_IGN);   /* dot gone early: a failed write, said below */
	bool wrote = write(in[1], graph, len) == (ssize_t)len;
	close(in[1]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st) || WEXITSTATUS(st) || !wrote) {
		unlink(tmp);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
			exit(1);   /* the child said why */
		an_cli_die(&cli, "--%s %s: dot failed", fmt, out);
	}
	if (rename(tmp, out)) {
		e = errno;
		unlink(tmp);
		an_cli_die(&cli, "--%s %s: %s", fmt, out, strerror(e));
	}
	free(tmp);
}

/* the graph drawn (--svg, --png, text) from DOT written by emit */
static void draw(void (*emit)(FILE *f, const void *arg), const void *arg)
{
	if (!svg && !png) {
		emit(stdout, arg);
		return;
	}
	char *graph;
	size_t len;
	FILE *m = open_memstream(&graph, &len);
	if (!m)
		xalloc_fail();
	emit(m, arg);
	if (fclose(m))
		xalloc_fail();
	if (svg)
		render("svg", svg, graph, len);
	if (png)
		render("png", png, graph, len);
	free(graph);
}

/* a procedure's control flow */
struct cfg {
	const struct an_proc *a;
	const char *image;
	const struct blk *b;
};

static void cfg_dot(FILE *f, const void *arg)
{
	const struct cfg *c = arg;
	dot(f, c->a, c->image, c->b);
}

struct out {
	bool done;
};

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	(void)s;
	struct out *o = arg;
	struct blk *b = xcalloc(a->g.nb, sizeof *b);
	blocks(a, b);
	o->done = true;
	if (cli.fmt == AN_TEXT) {
		const struct cfg c = { a, pi->ri->path, b };
		draw(cfg_dot, &c);
	} else {
		struct an_table bt, et;
		tables(a, b, &bt, &et);
		if (cli.fmt == AN_CSV) {
			an_table_csv(&bt, stdout);
		} else {
			printf("{\"tool\": \"dcpi2dot\", \"image\": ");
			json_str(stdout, pi->ri->path);
			printf(", \"procedure\": ");
			json_str(stdout, an_proc_name(a));
			printf(", \"estimator\": \"%s\",\n \"blocks\": ", an_estimator_name[a->e.est]);
			an_table_json(&bt, stdout);
			printf(",\n \"edges\": ");
			an_table_json(&et, stdout);
			printf("}\n");
		}
		an_table_free(&bt);
		an_table_free(&et);
	}
	free(b);
	return true;
}

struct cg {
	const struct an_callgraph *g;
	const struct an_session *s;
	const char *title;
	size_t max;
};

static void cg_dot(FILE *f, const void *arg)
{
	const struct cg *c = arg;
	an_callgraph_dot(f, c->g, c->s, c->title, c->max);
}

static const struct an_tcol gcols[] = {
	{ .name = "caller" }, { .name = "caller_image" },
	{ .name = "callee" }, { .name = "callee_image" },
	{ .name = "sites", .text = "%.0f" }, { .name = "estimated_sites", .text = "%.0f" },
	{ .name = "calls", .text = "%.0f" }, { .name = "true_calls", .text = "%.0f" },
};

static void cg_table(const struct an_callgraph *g, const struct an_session *s, size_t max)
{
	struct an_table t;
	an_table_init(&t, gcols, sizeof gcols / sizeof *gcols);
	for (size_t e = 0; e < g->nedge && e < max; e++) {
		const struct an_cg_edge *d = &g->edge[e];
		const struct an_cg_node *v[2] = { &g->node[d->from], &g->node[d->to] };
		for (size_t k = 0; k < 2; k++) {
			an_table_str(&t, v[k]->name);
			an_table_str(&t, v[k]->image == AN_CG_INDIRECT ? ""
			             : s->rep.images[v[k]->image].path);
		}
		an_table_num(&t, (double)d->sites);
		an_table_num(&t, (double)d->estimated);
		an_table_num(&t, d->estimated ? d->calls : NAN);
		an_table_num(&t, d->truth);
	}
	if (t.nomem)
		xalloc_fail();
	if (cli.fmt == AN_CSV) {
		an_table_csv(&t, stdout);
	} else {
		printf("{\"tool\": \"dcpi2dot\", \"callgraph\": true, \"estimator\": \"%s\", "
		       "\"edges_total\": %zu,\n \"edges\": ", an_estimator_name[s->o.est], g->nedge);
		an_table_json(&t, stdout);
	}
	an_table_free(&t);
}

/* --callgraph [IMAGE]: the session opened on IMAGE to name it as every
 * tool does (an error if it names none or two), then on every image for
 * the callees */
static int callgraph_main(void)
{
	struct an_session s;
	size_t callers = AN_CG_INDIRECT;
	char path[PROF_PATH_MAX] = "";
	uint64_t id = 0;
	if (cli.so.image) {
		an_cli_open(&cli, &s, &cli.so);
		size_t named = 0;
		while (!s.rep.images[named].chosen)
			named++;
		id = s.rep.images[named].id;
		snprintf(path, sizeof path, "%s", s.rep.images[named].path);
		an_session_close(&s);
	}
	struct an_session_opts so = cli.so;
	so.image = NULL;
	an_cli_open(&cli, &s, &so);
	for (size_t i = 0; *path && i < s.rep.nimages; i++)
		if (s.rep.images[i].id == id && !strcmp(s.rep.images[i].path, path))
			callers = i;
	struct an_skips k = { NULL, 0, 0 };
	struct an_callgraph g;
	an_callgraph_scan(&g, &s, callers, &k);
	an_cli_visit(&cli, &s, an_callgraph_visit, &g, &k);
	an_callgraph_finish(&g, s.have_truth);
	size_t max = cli.top ? cli.top : cli.fmt == AN_TEXT ? DEFAULT_EDGES : SIZE_MAX;
	if (cli.fmt == AN_TEXT) {
		const struct cg c = { &g, &s, *path ? path : so.db, max };
		draw(cg_dot, &c);
		char prefix[64];
		snprintf(prefix, sizeof prefix, "%s: ", cli.tool);
		an_skips_text(&k, stderr, prefix);
	} else {
		cg_table(&g, &s, max);
		if (cli.fmt == AN_JSON) {
			printf(",\n ");
			an_skips_json(&k, stdout);
			printf("}\n");
		} else {
			an_cli_skips(&cli, &k);
		}
	}
	an_skips_free(&k);
	an_callgraph_free(&g);
	an_session_close(&s);
	return an_cli_done(&cli);
}

int main(int argc, char **argv)
{
	an_cli_parse(&cli, argc, argv);
	if ((svg || png) && cli.fmt != AN_TEXT)
		an_cli_die(&cli, "--svg and --png draw the graph; --csv and --json list it");
	if (callgraph && cli.so.proc)
		an_cli_die(&cli, "--callgraph draws a program's calls: IMAGE at most, no PROC");
	if (edges && cli.top)
		an_cli_bad(cli.tool, "-n and --edges are one option: give one");
	if (edges)
		cli.top = an_cli_number(cli.tool, "--edges", edges, 1ul << 30);
	if (cli.top && !callgraph)
		an_cli_bad(cli.tool, "%s is for --callgraph (a procedure's graph is drawn whole)",
		           edges ? "--edges" : "-n");
	if (callgraph)
		return callgraph_main();
	if (!cli.so.proc)
		an_cli_die(&cli, "IMAGE and PROC are needed: the procedure whose graph to draw "
		           "(or --callgraph)");
	struct an_session s;
	an_cli_open(&cli, &s, &cli.so);
	struct out o = { false };
	const struct an_visitor v = { visit, NULL, &o, NULL };
	an_cli_run(&cli, &s, &v);
	an_session_close(&s);
	if (!o.done)
		an_cli_die(&cli, "%s in %s: no cycles samples to analyse", cli.so.proc, cli.so.image);
	return an_cli_done(&cli);
}
