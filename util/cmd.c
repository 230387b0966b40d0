/*
 * cmd.c - the programs' common ground (util/cmd.h).
 */
#include "util/cmd.h"
#include <stdlib.h>
#include <string.h>

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

void cmd_getopt_tables(const struct cmd_option *opts, size_t n, const char *prefix,
                       struct option *lopt, char *sopt)
{
	size_t k = 0;
	sopt += strlen(strcpy(sopt, prefix));
	for (size_t i = 0; i < n; i++) {
		const struct cmd_option *o = &opts[i];
		if (o->name)
			lopt[k++] = (struct option){ o->name, o->has_arg, NULL, o->val };
		if (!o->name || (o->flags & CMD_SHORT)) {
			*sopt++ = (char)o->val;
			for (int c = 0; c < o->has_arg; c++)
				*sopt++ = ':';
		}
	}
	lopt[k] = (struct option){ NULL, 0, NULL, 0 };
	*sopt = 0;
}

const struct cmd_option *cmd_option_of(const struct cmd_option *opts, size_t n, int val)
{
	for (size_t i = 0; i < n; i++)
		if (opts[i].val == val)
			return &opts[i];
	return NULL;
}

void cmd_help(FILE *f, const struct cmd_option *opts, size_t n, int width)
{
	char left[256];
	size_t at = 0;               /* what CMD_WITH_NEXT options put there */
	for (size_t i = 0; i < n; i++) {
		const struct cmd_option *o = &opts[i];
		if (!o->help && !(o->flags & CMD_WITH_NEXT))
			continue;
		const char *arg = o->arg ? o->arg : "";
		const char *sep = o->arg && o->arg[0] != '[' ? " " : "";
		char *l = left + at;
		size_t room = sizeof left - at;
		if (!o->name)
			snprintf(l, room, "-%c%s%s", o->val, sep, arg);
		else if (o->flags & CMD_SHORT)
			snprintf(l, room, "-%c, --%s%s%s", o->val, o->name, sep, arg);
		else if (o->flags & CMD_ONE_DASH)
			snprintf(l, room, "-%s%s%s, --%s%s%s", o->name, sep, arg, o->name, sep, arg);
		else
			snprintf(l, room, "--%s%s%s", o->name, sep, arg);
		if (o->flags & CMD_WITH_NEXT) {
			at += strlen(strcat(l, ", "));
			continue;
		}
		at = 0;
		const char *h = o->help;
		for (const char *nl; (nl = strchr(h, '\n')); h = nl + 1) {
			fprintf(f, "  %-*s %.*s\n", width, left, (int)(nl - h), h);
			left[0] = 0;
		}
		fprintf(f, "  %-*s %s\n", width, left, h);
	}
}
