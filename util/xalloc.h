/*
 * xalloc.h - allocation for the host programs' own code (their mains and
 * commands): out of host memory, the program says so in one line,
 * "NAME: out of host memory" (NAME: cmd_name, util/cmd.h), and exits with
 * EXIT_NOMEM (docs/usage.md, "Exit status").  The libraries below the
 * programs never exit: they return NULL or false, or stop the run
 * (STOP_NOMEM), and leave the ending to their program.
 */
#ifndef UTIL_XALLOC_H
#define UTIL_XALLOC_H

#include <stddef.h>

/* sysexits.h's EX_OSERR: the system could not give what was needed. */
#define EXIT_NOMEM 71

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* The failure itself, for a library's NULL or false that meant it. */
_Noreturn void xalloc_fail(void);

#endif
