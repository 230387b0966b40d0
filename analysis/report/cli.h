/*
 * cli.h - the one command line of every analysis tool (docs/analysis.md,
 * "The tools"): the common options as util/cmd rows, long options spelled
 * with one dash too (DCPI's tools spell it -db), numbers and directories
 * checked the same way, and a bad option's one line with status 2; and
 * the tools over analysis/lib/session.h, one row each of
 * analysis/antools.def, parsed, opened, run and ended alike.
 */
#ifndef ANALYSIS_REPORT_CLI_H
#define ANALYSIS_REPORT_CLI_H

#include "analysis/lib/session.h"
#include "analysis/report/table.h"
#include "daemon/profdb.h"
#include "util/cmd.h"
#include "util/paths.h"

/* The options dcpiprof and the other tools spell and explain alike. */
#define AN_CLI_OPT_DB { "db", required_argument, 'd', "DIR", CMD_ONE_DASH, \
	"the profile database (default ./" PROFDB_DEFAULT_DIR ")" }
#define AN_CLI_OPT_ROOT { "root", required_argument, 'r', "DIR", 0, \
	"the guest's file tree (default: .)" }
#define AN_CLI_OPT_SYSROOT { "sysroot", required_argument, 'S', "DIR", 0, \
	"the cross sysroot (default " PATHS_DEFAULT_SYSROOT ")" }
#define AN_CLI_OPT_KERNEL { "kernel", required_argument, 'k', "FILE", 0, \
	"the kernel image (default: alphasim's own minios.elf)" }
#define AN_CLI_OPT_HELP { "help", no_argument, 'h', NULL, 0, NULL }
/* the column of --help's explanations */
#define AN_CLI_HELP_WIDTH 18

#define AN_CLI_GETOPT_MAX 24
struct an_cli_getopt {
	const char *tool;
	struct option lopt[AN_CLI_GETOPT_MAX + 1];
	char sopt[3 * AN_CLI_GETOPT_MAX + 1];
};
/* getopt_long_only's tables for opts[0..n) (n <= AN_CLI_GETOPT_MAX). */
void an_cli_getopt_init(struct an_cli_getopt *g, const char *tool, const struct cmd_option *opts,
                        size_t n);
/* The next option's val, -1 after the last; an empty argument of a long
 * option other than --epoch, or an option getopt refused, ends the tool
 * (status 2). */
int an_cli_getopt_next(const struct an_cli_getopt *g, int argc, char **argv);

/* "TOOL: message", "Try 'TOOL --help'." and exit with status 2. */
_Noreturn void an_cli_bad(const char *tool, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A decimal number 1..max: digits only (strtoul would take spaces, a
 * sign, and wrap); else an_cli_bad naming what. */
unsigned long an_cli_number(const char *tool, const char *what, const char *s,
                            unsigned long max);
/* A directory the user named (--root, --sysroot) is one; else exit 1
 * with "TOOL: WHAT PATH: why". */
void an_cli_check_dir(const char *tool, const char *what, const char *path);

/* Options of every tool, parsed the same way (docs/analysis.md, "The
 * tools"): -db DIR, --epoch N, --truth FILE, --true-freq, --estimator
 * imiss|dcpi|wls, --csv, --json, --root DIR, --sysroot DIR, --kernel FILE,
 * -n N, then IMAGE [PROC] as the tool allows.  Exit status 2 with a
 * message on a bad option, 0 after --help.  The format is table.h's. */

/* A tool's own option: --NAME ARG (or a flag when arg is NULL) stored
 * into *val (or *flag), listed in --help after the common ones. */
struct an_cli_opt {
	const char *name, *arg, *help;
	const char **val;
	bool *flag;
};

#define AN_CLI_MAX_OPTS 8
#define AN_CLI_MAX_DB 64

/* The tools, each a row of analysis/antools.def: the arguments it takes,
 * what must be given, its own lines of --help. */
enum { AN_NEEDS_TRUTH = 1, AN_NEEDS_IMAGE = 2, AN_NO_CSV = 4 };
enum an_tool {
#define AN_TOOL(name, args, dbs, needs, usage) AN_TOOL_##name,
#include "analysis/antools.def"
#undef AN_TOOL
};

struct an_cli {
	enum an_tool id;
	const char *tool;            /* its name, which an_cli_parse sets    */
	struct an_session_opts so;
	enum an_format fmt;
	size_t top;                  /* -n; 0: the tool's default            */
	const struct an_cli_opt *opts;  /* the tool's own options (at most
	                                   AN_CLI_MAX_OPTS), NULL name last */
	const char *db[AN_CLI_MAX_DB];  /* with several -db allowed: each  */
	size_t ndb;
	unsigned epoch[AN_CLI_MAX_DB];  /* ... and each --epoch              */
	size_t nepoch;
};
/* Parse the command line of the tool c->id into c; set cmd_name. */
void an_cli_parse(struct an_cli *c, int argc, char **argv);

/* Exit with status 1 after one line "TOOL: message". */
_Noreturn void an_cli_die(const struct an_cli *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

struct an_skips;
/* The tools' mains: an_session_open and an_session_run that end the
 * tool with their message (an_cli_die) instead of returning false. */
void an_cli_open(const struct an_cli *c, struct an_session *s, const struct an_session_opts *o);
void an_cli_run(const struct an_cli *c, struct an_session *s, const struct an_visitor *v);
/* The most tools' start: the command line parsed (an_cli_parse) and
 * the session it names open; and their run: each procedure to visit
 * with arg, the skipped ones gathered into *k (an_skips_add). */
void an_cli_start(struct an_cli *c, struct an_session *s, int argc, char **argv);
void an_cli_visit(const struct an_cli *c, struct an_session *s,
                  bool (*visit)(void *arg, const struct an_session *s,
                                const struct an_profimage *pi, const struct an_proc *a),
                  void *arg, struct an_skips *k);

/* The end of a listing of procedures: in JSON the procedures' array
 * closed and the skipped ones after it; else the skipped ones as lines,
 * on standard error beside CSV ("TOOL: ..."), on standard output beside
 * text. */
void an_cli_skips(const struct an_cli *c, const struct an_skips *k);

/* Flush standard output; exit 1 naming the failure if it lost data. */
int an_cli_done(const struct an_cli *c);

#endif
