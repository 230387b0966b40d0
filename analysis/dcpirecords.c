/*
 * dcpirecords.c - the instruction-sampling records a database keeps
 * whole (docs/tools.md, "dcpirecords"; the stream: docs/precise.md,
 * "The record stream"):
 *
 *   dcpirecords [-db DIR] [--epoch N] [--min-latency N] [--records | --data]
 *               [--truth FILE] [--csv] [-n N] [--root DIR] [--sysroot DIR]
 *               [--kernel FILE] [IMAGE]
 *
 * Per instruction, most records first: its records (retired, killed,
 * with a D-cache miss), the data addresses they touched (least and
 * greatest), the latency (issue to result) as a mean, a maximum and a
 * histogram by powers of two, as Arm's Statistical Profiling Extension
 * reports it; --min-latency keeps only the records of that latency or
 * more, as SPE's filter does.  With --truth, the estimated executions
 * and D-cache misses (records x the unit's period) beside the truth's.
 * --data lists the records by the data object their address falls in
 * (analysis/lib/recdata.h); --records lists every record.
 * A stream cut short or corrupt is one line naming the file, status 1.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/report/cli.h"
#include "analysis/lib/elfsyms.h"
#include "analysis/lib/recdata.h"
#include "analysis/lib/records.h"
#include "analysis/lib/report.h"
#include "util/outfile.h"

static struct {
	const char *db, *root, *sysroot, *kernel, *image, *truth;
	unsigned epoch;
	unsigned long min_lat, top;
	bool csv, each, data;
} opt = { .db = PROFDB_DEFAULT_DIR, .root = ".", .sysroot = PATHS_DEFAULT_SYSROOT };

static const char *const op_names[PM_OP_COUNT] = { "other", "load", "store", "branch", "jump" };

/* Each stream image's symbols, loaded when first needed; an image
 * whose file cannot be read is said once, and its procedures are "?". */
struct syms {
	bool tried, ok;
	struct elfsyms es;
};
static struct syms *syms;

static const char *image_name(const struct pmrec_stream *s, uint32_t image)
{
	if (image == PMREC_NO_IMAGE)
		return "unknown";
	const char *slash = strrchr(s->img[image].path, '/');
	return slash ? slash + 1 : s->img[image].path;
}

/* "proc+0xN" for offset off of image, in buf. */
static const char *proc_name(const struct pmrec_stream *s, uint32_t image, uint64_t off,
                             char *buf, size_t len)
{
	if (image == PMREC_NO_IMAGE)
		return "?";
	struct syms *y = &syms[image];
	if (!y->tried) {
		const struct report_paths paths = { opt.root, opt.sysroot, opt.kernel };
		struct report_image im = { .kind = (enum prof_kind)s->img[image].kind,
		                           .id = s->img[image].id };
		snprintf(im.path, sizeof im.path, "%s", s->img[image].path);
		char file[PATH_MAX], err[PROF_ERR_MAX];
		y->tried = true;
		y->ok = report_image_file(&paths, &im, file, sizeof file, err, sizeof err) &&
		        elfsyms_load(&y->es, file, err, sizeof err);
		if (!y->ok)
			fprintf(stderr, "%s: warning: %s\n", cmd_name, err);
	}
	long k = y->ok ? elfsyms_find(&y->es, off) : -1;
	if (k < 0)
		return "?";
	uint64_t addr = 0;
	for (size_t i = 0; i < y->es.nseg; i++) {
		const struct elfseg *g = &y->es.seg[i];
		if (off >= g->offset && off - g->offset < g->filesz)
			addr = g->vaddr + (off - g->offset);
	}
	snprintf(buf, len, "%s+0x%" PRIx64, y->es.sym[k].name, addr - y->es.sym[k].addr);
	return buf;
}

static void list_records(const struct pmrec_stream *s, size_t image,
                         const struct an_recdata *rd)
{
	if (opt.csv)
		puts("cpu,pid,pc,image,offset,procedure,op,retired,ea,lat,head,events,gap,seq,data");
	else
		printf("%3s %5s %18s %5s %6s %18s %-28s %-16s %s\n", "cpu", "pid", "pc", "op",
		       "lat", "ea", "procedure", "image", "data");
	size_t shown = 0;
	for (size_t i = 0; i < s->n && (!opt.top || shown < opt.top); i++) {
		const struct pmrec *e = &s->rec[i];
		if (e->r.lat < opt.min_lat || (image != SIZE_MAX && e->image != image))
			continue;
		shown++;
		char buf[160], dbuf[160];
		const char *proc = proc_name(s, e->image, e->offset, buf, sizeof buf);
		const char *data = an_recdata_name(rd, e, dbuf, sizeof dbuf);
		const char *op = op_names[PM_F_OP(e->r.flags) < PM_OP_COUNT ? PM_F_OP(e->r.flags) : 0];
		if (opt.csv)
			printf("%u,%u,0x%" PRIx64 ",%s,0x%" PRIx64 ",%s,%s,%d,0x%" PRIx64
			       ",%u,%u,0x%x,%u,%u,%s\n", e->cpu, e->r.ctx, e->r.pc,
			       image_name(s, e->image), e->offset, proc, op,
			       !!(e->r.flags & PM_F_RETIRED), e->r.ea, e->r.lat, e->r.head,
			       e->r.events, e->r.gap, e->r.seq, data);
		else
			printf("%3u %5u %#18" PRIx64 " %5s %6u %#18" PRIx64 " %-28s %-16s %s\n",
			       e->cpu, e->r.ctx, e->r.pc, op, e->r.lat, e->r.ea, proc,
			       image_name(s, e->image), data);
	}
}

static void list_insns(const struct pmrec_stream *s, size_t image)
{
	struct an_rec_insn *a;
	size_t n;
	if (!an_records_by_insn(s, (uint32_t)opt.min_lat, image, &a, &n))
		cmd_die(71, "out of memory");
	if (opt.top && opt.top < n)
		n = opt.top;
	char err[PROF_ERR_MAX + PATH_MAX];
	if (opt.truth && !an_records_truth(opt.truth, s, a, n, err, sizeof err))
		cmd_die(1, "%s", err);
	/* the estimates beside the truth: records x P (the stream's period,
	 * without the profiles' collision factor: docs/tools.md) */
	double per = (double)s->period;
	if (opt.csv) {
		printf("image,offset,procedure,op,records,retired,killed,dmiss,with_ea,ea_min,"
		       "ea_max,lat_mean,lat_max,head_mean");
		for (unsigned k = 0; k < AN_REC_BINS; k++)
			printf(",lat_%" PRIu32, an_records_bin_low(k));
		if (opt.truth)
			printf(",est_count,true_count,est_dmiss,true_dmiss");
		putchar('\n');
	} else {
		printf("%d records, the unit's period %" PRIu64 " fetched instructions", (int)s->n,
		       s->period);
		if (opt.min_lat)
			printf("; latency %lu or more only", opt.min_lat);
		putchar('\n');
		printf("%8s %7s %6s %8s %7s %18s %18s ", "records", "retired", "dmiss",
		       "lat_mean", "lat_max", "ea_min", "ea_max");
		if (opt.truth)
			printf("%10s %10s %10s %10s ", "est_count", "true_count", "est_dmiss",
			       "true_dmiss");
		printf(" %-28s %s\n", "procedure", "image; latency histogram (from: records)");
	}
	for (size_t i = 0; i < n; i++) {
		const struct an_rec_insn *t = &a[i];
		char buf[160];
		const char *proc = proc_name(s, t->image, t->offset, buf, sizeof buf);
		double mean = (double)t->lat_sum / (double)t->records;
		uint64_t lo = t->with_ea ? t->ea_min : 0, hi = t->with_ea ? t->ea_max : 0;
		if (opt.csv) {
			printf("%s,0x%" PRIx64 ",%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
			       ",%" PRIu64 ",0x%" PRIx64 ",0x%" PRIx64 ",%.3f,%" PRIu64 ",%.3f",
			       image_name(s, t->image), t->offset, proc,
			       op_names[t->op < PM_OP_COUNT ? t->op : 0], t->records, t->retired,
			       t->killed, t->dmiss, t->with_ea, lo, hi, mean, t->lat_max,
			       (double)t->head_sum / (double)t->records);
			for (unsigned k = 0; k < AN_REC_BINS; k++)
				printf(",%" PRIu64, t->hist[k]);
			if (opt.truth)
				printf(",%.0f,%" PRIu64 ",%.0f,%" PRIu64, (double)t->retired * per,
				       t->true_count, (double)t->dmiss * per, t->true_dmiss);
			putchar('\n');
			continue;
		}
		printf("%8" PRIu64 " %7" PRIu64 " %6" PRIu64 " %8.1f %7" PRIu64 " %#18" PRIx64
		       " %#18" PRIx64 " ", t->records, t->retired, t->dmiss, mean, t->lat_max, lo, hi);
		if (opt.truth)
			printf("%10.0f %10" PRIu64 " %10.0f %10" PRIu64 " ", (double)t->retired * per,
			       t->true_count, (double)t->dmiss * per, t->true_dmiss);
		printf(" %-28s %s;", proc, image_name(s, t->image));
		for (unsigned k = 0; k < AN_REC_BINS; k++)
			if (t->hist[k])
				printf(" %" PRIu32 ":%" PRIu64, an_records_bin_low(k), t->hist[k]);
		putchar('\n');
	}
	free(a);
}

/* A record and the object its data address names, for --data. */
struct named {
	char name[160];
	const struct pmrec *e;
};

static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	if (c)
		return c;
	if (x->e->image != y->e->image)
		return x->e->image < y->e->image ? -1 : 1;
	return x->e->offset < y->e->offset ? -1 : x->e->offset > y->e->offset;
}

struct object {
	const struct named *first;   /* its records: first[0..records)   */
	uint64_t records, loads, stores, dmiss, lat_sum, lat_max, insns;
	const struct pmrec *top;     /* the instruction with most records */
	uint64_t top_records;
};

static int object_cmp(const void *a, const void *b)
{
	const struct object *x = a, *y = b;
	if (x->records != y->records)
		return x->records > y->records ? -1 : 1;
	return strcmp(x->first->name, y->first->name);
}

/* Per data object, most records first: the records whose data address
 * it holds (analysis/lib/recdata.h). */
static void list_data(const struct pmrec_stream *s, size_t image, const struct an_recdata *rd)
{
	struct named *nm = malloc((s->n + 1) * sizeof *nm);
	struct object *ob = calloc(s->n + 1, sizeof *ob);
	if (!nm || !ob)
		cmd_die(71, "out of memory");
	size_t n = 0, k = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct pmrec *e = &s->rec[i];
		if (e->r.lat < opt.min_lat || (image != SIZE_MAX && e->image != image) || !e->r.ea)
			continue;
		an_recdata_name(rd, e, nm[n].name, sizeof nm[n].name);
		nm[n++].e = e;
	}
	qsort(nm, n, sizeof *nm, named_cmp);
	for (size_t i = 0, run = 0; i < n; i++) {
		const struct pmrec *e = nm[i].e;
		if (!i || strcmp(nm[i - 1].name, nm[i].name))
			ob[k++] = (struct object){ .first = &nm[i] };
		struct object *o = &ob[k - 1];
		bool same = i && o->records && !named_cmp(&nm[i - 1], &nm[i]);
		run = same ? run + 1 : 1;
		o->insns += !same;
		if (run > o->top_records)
			o->top = e, o->top_records = run;
		o->records++;
		o->loads += PM_F_OP(e->r.flags) == PM_OP_LOAD;
		o->stores += PM_F_OP(e->r.flags) == PM_OP_STORE;
		o->dmiss += an_records_dmiss(&e->r);
		o->lat_sum += e->r.lat;
		if (e->r.lat > o->lat_max)
			o->lat_max = e->r.lat;
	}
	qsort(ob, k, sizeof *ob, object_cmp);
	if (opt.top && opt.top < k)
		k = opt.top;
	if (opt.csv)
		puts("object,records,loads,stores,dmiss,lat_mean,lat_max,instructions,top_instruction,"
		     "top_records");
	else
		printf("%8s %7s %7s %6s %8s %7s %6s  %-34s %s\n", "records", "loads", "stores",
		       "dmiss", "lat_mean", "lat_max", "insns", "object",
		       "the instruction with most of them (records)");
	for (size_t i = 0; i < k; i++) {
		const struct object *o = &ob[i];
		char buf[160];
		const char *proc = proc_name(s, o->top->image, o->top->offset, buf, sizeof buf);
		double mean = (double)o->lat_sum / (double)o->records;
		if (opt.csv)
			printf("%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.3f,%" PRIu64 ",%"
			       PRIu64 ",%s:%s,%" PRIu64 "\n", o->first->name, o->records, o->loads,
			       o->stores, o->dmiss, mean, o->lat_max, o->insns,
			       image_name(s, o->top->image), proc, o->top_records);
		else
			printf("%8" PRIu64 " %7" PRIu64 " %7" PRIu64 " %6" PRIu64 " %8.1f %7" PRIu64
			       " %6" PRIu64 "  %-34s %s:%s (%" PRIu64 ")\n", o->records, o->loads,
			       o->stores, o->dmiss, mean, o->lat_max, o->insns, o->first->name,
			       image_name(s, o->top->image), proc, o->top_records);
	}
	free(nm);
	free(ob);
}

static const struct cmd_option options[] = {
	AN_CLI_OPT_DB,
	{ "epoch", required_argument, 'E', "N", 0, "only epoch N (default: all epochs merged)" },
	{ "min-latency", required_argument, 'm', "N", 0,
	  "only the records whose latency (issue to result) is N cycles\n"
	  "or more, as SPE's minimum-latency filter" },
	{ "records", no_argument, 'R', NULL, 0, "every record on a line of its own, in order" },
	{ "data", no_argument, 'D', NULL, 0,
	  "per data object (a symbol of an image's data, the stack,\n"
	  "the heap...) the records whose data address it holds" },
	{ "truth", required_argument, 't', "FILE", 0,
	  "the run's truth: each instruction's true executions and\n"
	  "D-cache misses beside the records' estimates" },
	{ "csv", no_argument, 'c', NULL, 0, "comma-separated values" },
	{ NULL, required_argument, 'n', "N", 0, "the first N rows only" },
	AN_CLI_OPT_ROOT,
	AN_CLI_OPT_SYSROOT,
	AN_CLI_OPT_KERNEL,
	AN_CLI_OPT_HELP,
};
enum { NOPTIONS = sizeof options / sizeof *options };

int main(int argc, char **argv)
{
	cmd_name = "dcpirecords";
	struct an_cli_getopt g;
	an_cli_getopt_init(&g, cmd_name, options, NOPTIONS);
	bool root = false, sysroot = false;
	for (int c; (c = an_cli_getopt_next(&g, argc, argv)) != -1;) {
		switch (c) {
		case 'd': opt.db = optarg; break;
		case 'E': opt.epoch = (unsigned)an_cli_number(cmd_name, "--epoch", optarg, UINT_MAX); break;
		case 'm':
			/* 0 is a filter that keeps everything */
			opt.min_lat = strcmp(optarg, "0") ? an_cli_number(cmd_name, "--min-latency",
			                                                 optarg, UINT32_MAX) : 0;
			break;
		case 'R': opt.each = true; break;
		case 'D': opt.data = true; break;
		case 't': opt.truth = optarg; break;
		case 'c': opt.csv = true; break;
		case 'n': opt.top = an_cli_number(cmd_name, "-n", optarg, ULONG_MAX); break;
		case 'r': opt.root = optarg; root = true; break;
		case 'S': opt.sysroot = optarg; sysroot = true; break;
		case 'k': opt.kernel = optarg; break;
		case 'h':
			printf("usage: dcpirecords [-db DIR] [options] [IMAGE]\n"
			       "  the instruction-sampling records kept whole (an alphasim extension,\n"
			       "  docs/precise.md): per instruction, most records first, the records,\n"
			       "  their data addresses and their latency by powers of two\n");
			cmd_help(stdout, options, NOPTIONS, AN_CLI_HELP_WIDTH);
			printf("IMAGE: a guest path or basename: only its instructions\n");
			return 0;
		}
	}
	if (argc - optind > 1)
		an_cli_bad(cmd_name, "one IMAGE at most ('%s', then '%s')", argv[optind],
		          argv[optind + 1]);
	opt.image = argc > optind ? argv[optind] : NULL;
	if (opt.each && opt.data)
		an_cli_bad(cmd_name, "--records or --data, not both");
	if (opt.truth && (opt.each || opt.data))
		an_cli_bad(cmd_name, "--truth goes with the listing by instruction, not --%s",
		          opt.each ? "records" : "data");
	if (root)
		an_cli_check_dir(cmd_name, "--root", opt.root);
	if (sysroot)
		an_cli_check_dir(cmd_name, "--sysroot", opt.sysroot);
	char err[PROF_ERR_MAX + PATH_MAX];
	struct pmrec_stream s;
	if (!an_records_read(opt.db, opt.epoch, &s, err, sizeof err))
		cmd_die(1, "%s", err);
	size_t image = SIZE_MAX;
	if (opt.image) {
		for (image = 0; image < s.nimg; image++)
			if (!strcmp(s.img[image].path, opt.image) ||
			    !strcmp(image_name(&s, (uint32_t)image), opt.image))
				break;
		if (image == s.nimg)
			cmd_die(1, "%s: no records in an image named '%s'", opt.db, opt.image);
	}
	if (!(syms = calloc(s.nimg + 1, sizeof *syms)))
		cmd_die(71, "out of memory");
	const struct report_paths paths = { opt.root, opt.sysroot, opt.kernel };
	struct an_recdata rd;
	if ((opt.each || opt.data) && !an_recdata_init(&rd, &s, &paths, cmd_name))
		cmd_die(71, "out of memory");
	if (opt.each)
		list_records(&s, image, &rd);
	else if (opt.data)
		list_data(&s, image, &rd);
	else
		list_insns(&s, image);
	if (opt.each || opt.data)
		an_recdata_free(&rd);
	for (size_t i = 0; i < s.nimg; i++)
		if (syms[i].ok)
			elfsyms_free(&syms[i].es);
	free(syms);
	pmrec_stream_free(&s);
	if (!outfile_flush_stdout(err, sizeof err))
		cmd_die(1, "%s", err);
	return 0;
}
