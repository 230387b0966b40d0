/*
 * cmd.h - what the programs' mains share (perf keeps its builtin commands
 * over util/ the same way): the program's name in its messages, the one
 * way to end with a one-line message, and command-line options as a
 * table, one line of which drives both getopt_long and --help.  Built
 * into the host programs and, cross-compiled, dcpid.
 */
#ifndef UTIL_CMD_H
#define UTIL_CMD_H

#include <getopt.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* The program's name, which every message starts with ("alphasim");
 * its main sets it first thing. */
extern const char *cmd_name;

/* "NAME: message" on standard error, and exit with status. */
_Noreturn void cmd_die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* One option.  In --help its spellings are "--name ARG", with
 * CMD_SHORT "-X, --name ARG" (X = val), with CMD_ONE_DASH
 * "-name ARG, --name ARG", and "-X ARG" for an option with no long
 * name; an argument in brackets ("[=DIR]") follows the name at once.
 * With CMD_WITH_NEXT they stand before the next option's, on its line
 * ("--csv, --json  comma-separated values, or JSON"). */
enum { CMD_SHORT = 1, CMD_ONE_DASH = 2, CMD_WITH_NEXT = 4 };
struct cmd_option {
	const char *name;        /* long name, or NULL: -X only             */
	int         has_arg;     /* no_argument, required_argument, ...     */
	int         val;         /* what getopt returns: a letter or a code */
	const char *arg;         /* the argument's name ("FILE"), or NULL   */
	unsigned    flags;       /* CMD_*                                   */
	const char *help;        /* NULL: not listed; "\n" starts a line    */
	                         /* under the same column                   */
};

/* getopt_long's tables for opts[0..n): the long options into
 * lopt[0..n], and into sopt (3 * n + strlen(prefix) + 1 characters)
 * prefix ("+": stop at the first operand), then each short one's letter
 * (CMD_SHORT, or no long name) with ':' for a required argument, "::"
 * for an optional one. */
void cmd_getopt_tables(const struct cmd_option *opts, size_t n, const char *prefix,
                       struct option *lopt, char *sopt);

/* The option whose val is val, or NULL. */
const struct cmd_option *cmd_option_of(const struct cmd_option *opts, size_t n, int val);

/* The help lines of opts[0..n): "  SPELLINGS  help", the spellings
 * padded to width. */
void cmd_help(FILE *f, const struct cmd_option *opts, size_t n, int width);

#endif
