/*
 * cli.c - the analysis tools' one command line (analysis/report/cli.h).
 */
#include "analysis/report/cli.h"
#include "analysis/report/table.h"
#include "util/outfile.h"
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void an_cli_getopt_init(struct an_cli_getopt *g, const char *tool, const struct cmd_option *opts,
                        size_t n)
{
	g->tool = tool;
	cmd_getopt_tables(opts, n, "", g->lopt, g->sopt);
}

int an_cli_getopt_next(const struct an_cli_getopt *g, int argc, char **argv)
{
	int i = -1;
	int ch = getopt_long_only(argc, argv, g->sopt, g->lopt, &i);
	/* every long option's argument but --epoch's is a name */
	if (optarg && !*optarg && i >= 0 && ch != 'E')
		an_cli_bad(g->tool, "--%s: empty name", g->lopt[i].name);
	if (ch == '?') {          /* getopt said what */
		fprintf(stderr, "Try '%s --help'.\n", g->tool);
		exit(2);
	}
	return ch;
}

_Noreturn void an_cli_bad(const char *tool, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", tool);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\nTry '%s --help'.\n", tool);
	va_end(ap);
	exit(2);
}

unsigned long an_cli_number(const char *tool, const char *what, const char *s,
                            unsigned long max)
{
	char *end = NULL;
	errno = 0;
	unsigned long v = *s >= '0' && *s <= '9' ? strtoul(s, &end, 10) : 0;
	if (!v || *end || errno || v > max) {
		if (max == ULONG_MAX)
			an_cli_bad(tool, "%s: '%s' is not a positive number", what, s);
		an_cli_bad(tool, "%s: '%s' is not a number from 1 to %lu", what, s, max);
	}
	return v;
}

void an_cli_check_dir(const char *tool, const char *what, const char *path)
{
	struct stat st;
	int err = stat(path, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
	if (err) {
		fprintf(stderr, "%s: %s %s: %s\n", tool, what, path, strerror(err));
		exit(1);
	}
}

/* ---- the command line --------------------------------------------------- */

_Noreturn void an_cli_die(const struct an_cli *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", c->tool);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

void an_cli_open(const struct an_cli *c, struct an_session *s, const struct an_session_opts *o)
{
	char err[1024];
	if (!an_session_open(s, o, err, sizeof err))
		an_cli_die(c, "%s", err);
	/* as dcpiprof: the merged epochs of other programs or periods are
	 * one profile only by accident (docs/usage.md, "Profiling") */
	if (s->rep.mixed[0])
		fprintf(stderr, "%s: warning: %s: %s, and all epochs are merged; --epoch N shows "
		        "one\n", c->tool, o->db, s->rep.mixed);
}

void an_cli_run(const struct an_cli *c, struct an_session *s, const struct an_visitor *v)
{
	char err[1024];
	if (!an_session_run(s, v, err, sizeof err))
		an_cli_die(c, "%s", err);
}

void an_cli_start(struct an_cli *c, struct an_session *s, int argc, char **argv)
{
	an_cli_parse(c, argc, argv);
	an_cli_open(c, s, &c->so);
	c->so.est = s->o.est;        /* dcpi where imiss had no IMISS samples */
}

void an_cli_visit(const struct an_cli *c, struct an_session *s,
                  bool (*visit)(void *arg, const struct an_session *s,
                                const struct an_profimage *pi, const struct an_proc *a),
                  void *arg, struct an_skips *k)
{
	const struct an_visitor v = { visit, an_skips_add, arg, k };
	an_cli_run(c, s, &v);
}

void an_cli_skips(const struct an_cli *c, const struct an_skips *k)
{
	if (c->fmt == AN_JSON) {
		printf("],\n ");
		an_skips_json(k, stdout);
		printf("}\n");
	} else if (c->fmt == AN_CSV) {
		char prefix[64];
		snprintf(prefix, sizeof prefix, "%s: ", c->tool);
		an_skips_text(k, stderr, prefix);
	} else {
		an_skips_text(k, stdout, "");
	}
}

int an_cli_done(const struct an_cli *c)
{
	char err[256];
	if (!outfile_flush_stdout(err, sizeof err))
		an_cli_die(c, "%s", err);
	return 0;
}

static const struct {
	const char *name;
	int args;                    /* positional arguments taken           */
	size_t dbs;                  /* -db and --epoch given at most        */
	unsigned needs;              /* AN_NEEDS_*                           */
	const char *usage;
} tools[] = {
#define AN_TOOL(name, args, dbs, needs, usage) { #name, args, dbs, needs, usage },
#include "analysis/antools.def"
#undef AN_TOOL
};

/* the common options, in the order --help lists them; -n's meaning is
 * each tool's (its usage line) */
static const struct cmd_option common[] = {
	AN_CLI_OPT_DB,
	{ "epoch", required_argument, 'E', "N", 0, "only epoch N (default: every epoch merged)" },
	{ "estimator", required_argument, 'e', "E", 0,
	  "the frequency estimator: imiss (default; dcpi where the database\n"
	  "has no IMISS samples), dcpi or wls" },
	{ "handler-cycles", required_argument, 'H', "N", 0,
	  "the cycles of each sampling interrupt the samples cannot see, taken off\n"
	  "the period of each sample; 0: none, as DCPI (default: the driver's\n"
	  "measure of its handler in the database, for CYCLES interrupts alone;\n"
	  "0 in a database without one)" },
	{ "profiling-cycles", required_argument, 'R', "N", 0,
	  "the cycles each counter sample's interrupt (its PALcode and return)\n"
	  "costs the instruction it was taken before (default " AN_PROFILING_CYCLES_TEXT ", as measured\n"
	  "on minios): dcpiwhatcg's \"sampling interrupts\"" },
	{ "truth", required_argument, 't', "FILE", 0,
	  "the run's truth (alphasim writes DIR.truth) beside the estimates" },
	{ "true-freq", no_argument, 'T', NULL, 0,
	  "the truth's execution counts in place of the frequency estimate" },
	{ "csv", no_argument, 'c', NULL, CMD_WITH_NEXT, NULL },
	{ "json", no_argument, 'j', NULL, 0, "comma-separated values, or JSON" },
	AN_CLI_OPT_ROOT,
	AN_CLI_OPT_SYSROOT,
	AN_CLI_OPT_KERNEL,
	{ NULL, required_argument, 'n', "N", 0, NULL },
	AN_CLI_OPT_HELP,
};
/* the tool's own options follow, getopt value OPT_TOOL + k */
enum { NCOMMON = sizeof common / sizeof *common, OPT_TOOL = 256 };

static _Noreturn void help(const struct an_cli *c, const struct cmd_option *opts, size_t n,
                           size_t ncommon)
{
	printf("%s", tools[c->id].usage);
	cmd_help(stdout, opts, ncommon, AN_CLI_HELP_WIDTH);
	printf("IMAGE: a guest path or basename, as dcpiprof lists them%s\n",
	       tools[c->id].args > 1 ? "; PROC: a procedure name (proc@0xADDR in code "
	       "without symbols)" : "");
	cmd_help(stdout, opts + ncommon, n - ncommon, AN_CLI_HELP_WIDTH);
	exit(an_cli_done(c));
}

void an_cli_parse(struct an_cli *c, int argc, char **argv)
{
	cmd_name = c->tool = tools[c->id].name;
	size_t maxdb = tools[c->id].dbs;
	struct cmd_option opts[NCOMMON + AN_CLI_MAX_OPTS];
	memcpy(opts, common, sizeof common);
	size_t n = NCOMMON;
	/* a tool that writes no table (dcpiexport): no --csv, and --json
	 * its summary */
	for (size_t k = 0; (tools[c->id].needs & AN_NO_CSV) && k < n; k++)
		if (opts[k].val == 'c') {
			memmove(&opts[k], &opts[k + 1], (n - k - 1) * sizeof *opts);
			opts[k].help = "print the summary as JSON";
			n--;
		}
	size_t ncommon = n;
	for (size_t k = 0; c->opts && c->opts[k].name && k < AN_CLI_MAX_OPTS; k++)
		opts[n++] = (struct cmd_option){ c->opts[k].name,
			c->opts[k].arg ? required_argument : no_argument, OPT_TOOL + (int)k,
			c->opts[k].arg, 0, c->opts[k].help };
	struct an_cli_getopt g;
	an_cli_getopt_init(&g, c->tool, opts, n);
	struct an_session_opts *o = &c->so;
	*o = (struct an_session_opts){ AN_SESSION_DEFAULTS, .db = PROFDB_DEFAULT_DIR,
	                               .paths = { ".", PATHS_DEFAULT_SYSROOT, NULL } };
	c->fmt = AN_TEXT;
	bool root = false, sysroot = false;
	for (int ch; (ch = an_cli_getopt_next(&g, argc, argv)) != -1;) {
		switch (ch) {
		case 'd':
			o->db = optarg;
			if (maxdb > 1 && c->ndb == maxdb)
				an_cli_bad(c->tool, "-db: at most %zu databases", maxdb);
			if (maxdb > 1)
				c->db[c->ndb++] = optarg;
			break;
		case 'E':
			o->epoch = (unsigned)an_cli_number(c->tool, "--epoch", optarg, 4294967295ul);
			if (maxdb > 1 && c->nepoch == maxdb)
				an_cli_bad(c->tool, "--epoch: at most %zu epochs", maxdb);
			if (maxdb > 1)
				c->epoch[c->nepoch++] = o->epoch;
			break;
		case 't': o->truth = optarg; break;
		case 'T': o->true_freq = true; break;
		case 'e': {
			int k = 0;
			while (k < AN_NEST && strcmp(optarg, an_estimator_name[k]))
				k++;
			if (k == AN_NEST)
				an_cli_bad(c->tool, "--estimator: '%s' is not dcpi, wls or imiss", optarg);
			o->est = (enum an_estimator)k;
			break;
		}
		case 'H':
			/* 0 too: none taken off, the measure in the database ignored */
			o->handler = strcmp(optarg, "0") ? (double)an_cli_number(c->tool,
			             "--handler-cycles", optarg, 1ul << 20) : 0;
			break;
		case 'R':
			o->profiling = (double)an_cli_number(c->tool, "--profiling-cycles", optarg,
			                                     1ul << 20);
			break;
		case 'c': c->fmt = AN_CSV; break;
		case 'j': c->fmt = AN_JSON; break;
		case 'r': o->paths.root = optarg; root = true; break;
		case 'S': o->paths.sysroot = optarg; sysroot = true; break;
		case 'k': o->paths.kernel = optarg; break;
		case 'n': c->top = an_cli_number(c->tool, "-n", optarg, 1ul << 30); break;
		case 'h': help(c, opts, n, ncommon);
		default: {
			const struct an_cli_opt *t = &c->opts[ch - OPT_TOOL];
			if (t->arg)
				*t->val = optarg;
			else
				*t->flag = true;
		}
		}
	}
	if (maxdb > 1 && !c->ndb)
		c->db[c->ndb++] = o->db;
	int nargs = argc - optind, max_args = tools[c->id].args;
	if (nargs > max_args)
		an_cli_bad(c->tool, "%d arguments at most ('%s' is one too many)", max_args,
		           argv[optind + max_args]);
	for (int k = 0; k < nargs; k++)
		if (!*argv[optind + k])
			an_cli_bad(c->tool, "empty %s name", k ? "procedure" : "image");
	o->image = nargs > 0 ? argv[optind] : NULL;
	o->proc = nargs > 1 ? argv[optind + 1] : NULL;
	if (o->true_freq && !o->truth)
		an_cli_bad(c->tool, "--true-freq needs --truth FILE");
	if ((tools[c->id].needs & AN_NEEDS_TRUTH) && !o->truth)
		an_cli_bad(c->tool, "--truth FILE is needed");
	if ((tools[c->id].needs & AN_NEEDS_IMAGE) && !o->image)
		an_cli_die(c, "which IMAGE? (dcpiprof -db %s lists them)", o->db);
	if (root)
		an_cli_check_dir(c->tool, "--root", o->paths.root);
	if (sysroot)
		an_cli_check_dir(c->tool, "--sysroot", o->paths.sysroot);
}
