/*
 * cmd.c - the host programs' common ground (util/cmd.h).
 */
#include "util/cmd.h"
#include <stdio.h>
#include <stdlib.h>

const char *cmd_name = "alphasim";

_Noreturn void cmd_die(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", cmd_name);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(status);
}
