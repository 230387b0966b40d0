/*
 * ancli.h - the command line every analysis tool shares, dcpiprof's and
 * that of the tools over analysis/session.h (docs/analysis.md, "The
 * tools"): the common options as util/cmd rows, long options spelled
 * with one dash too (DCPI's tools spell it -db), numbers and directories
 * checked the same way, and a bad option's one line with status 2.
 */
#ifndef ANALYSIS_ANCLI_H
#define ANALYSIS_ANCLI_H

#include "daemon/profdb.h"
#include "util/cmd.h"
#include "util/paths.h"

/* The options dcpiprof and the other tools spell and explain alike. */
#define ANCLI_OPT_DB { "db", required_argument, 'd', "DIR", CMD_ONE_DASH, \
	"the profile database (default ./" PROFDB_DEFAULT_DIR ")" }
#define ANCLI_OPT_ROOT { "root", required_argument, 'r', "DIR", 0, \
	"the guest's file tree (default: .)" }
#define ANCLI_OPT_SYSROOT { "sysroot", required_argument, 'S', "DIR", 0, \
	"the cross sysroot (default " PATHS_DEFAULT_SYSROOT ")" }
#define ANCLI_OPT_KERNEL { "kernel", required_argument, 'k', "FILE", 0, \
	"the kernel image (default: alphasim's own minios.elf)" }
#define ANCLI_OPT_HELP { "help", no_argument, 'h', NULL, 0, NULL }
/* the column of --help's explanations */
#define ANCLI_HELP_WIDTH 18

#define ANCLI_MAX_OPTS 24
struct ancli_getopt {
	const char *tool;
	struct option lopt[ANCLI_MAX_OPTS + 1];
	char sopt[3 * ANCLI_MAX_OPTS + 1];
};
/* getopt_long_only's tables for opts[0..n) (n <= ANCLI_MAX_OPTS). */
void ancli_getopt_init(struct ancli_getopt *g, const char *tool, const struct cmd_option *opts,
                       size_t n);
/* The next option's val, -1 after the last; an empty argument of a long
 * option other than --epoch, or an option getopt refused, ends the tool
 * (status 2). */
int ancli_getopt_next(const struct ancli_getopt *g, int argc, char **argv);

/* "TOOL: message", "Try 'TOOL --help'." and exit with status 2. */
_Noreturn void ancli_bad(const char *tool, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A decimal number 1..max: digits only (strtoul would take spaces, a
 * sign, and wrap); else ancli_bad naming what. */
unsigned long ancli_number(const char *tool, const char *what, const char *s,
                           unsigned long max);
/* A directory the user named (--root, --sysroot) is one; else exit 1
 * with "TOOL: WHAT PATH: why". */
void ancli_check_dir(const char *tool, const char *what, const char *path);

#endif
