/*
 * cmd.h - what the host programs' mains share (perf keeps its builtin
 * commands over util/ the same way): the program's name in its messages
 * and the one way to end with a one-line message.
 */
#ifndef UTIL_CMD_H
#define UTIL_CMD_H

#include <stdarg.h>

/* The program's name, which every message starts with ("alphasim");
 * its main sets it first thing. */
extern const char *cmd_name;

/* "NAME: message" on standard error, and exit with status. */
_Noreturn void cmd_die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
