/*
 * ancli.c - the analysis tools' common command line (analysis/ancli.h).
 */
#include "analysis/ancli.h"
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void ancli_getopt_init(struct ancli_getopt *g, const char *tool, const struct cmd_option *opts,
                       size_t n)
{
	g->tool = tool;
	cmd_getopt_tables(opts, n, "", g->lopt, g->sopt);
}

int ancli_getopt_next(const struct ancli_getopt *g, int argc, char **argv)
{
	int i = -1;
	int ch = getopt_long_only(argc, argv, g->sopt, g->lopt, &i);
	/* every long option's argument but --epoch's is a name */
	if (optarg && !*optarg && i >= 0 && ch != 'E')
		ancli_bad(g->tool, "--%s: empty name", g->lopt[i].name);
	if (ch == '?') {          /* getopt said what */
		fprintf(stderr, "Try '%s --help'.\n", g->tool);
		exit(2);
	}
	return ch;
}

_Noreturn void ancli_bad(const char *tool, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", tool);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\nTry '%s --help'.\n", tool);
	va_end(ap);
	exit(2);
}

unsigned long ancli_number(const char *tool, const char *what, const char *s,
                           unsigned long max)
{
	char *end = NULL;
	errno = 0;
	unsigned long v = *s >= '0' && *s <= '9' ? strtoul(s, &end, 10) : 0;
	if (!v || *end || errno || v > max) {
		if (max == ULONG_MAX)
			ancli_bad(tool, "%s: '%s' is not a positive number", what, s);
		ancli_bad(tool, "%s: '%s' is not a number from 1 to %lu", what, s, max);
	}
	return v;
}

void ancli_check_dir(const char *tool, const char *what, const char *path)
{
	struct stat st;
	int err = stat(path, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
	if (err) {
		fprintf(stderr, "%s: %s %s: %s\n", tool, what, path, strerror(err));
		exit(1);
	}
}
