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

#include <stdbool.h>
#include <stddef.h>

/* sysexits.h's EX_OSERR: the system could not give what was needed. */
#define EXIT_NOMEM 71

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* The failure itself, for a library's NULL or false that meant it. */
_Noreturn void xalloc_fail(void);

/* Room for element n in the array *v that holds n elements of size bytes
 * and only grows: its capacity goes 16, 32, 64... and is never stored,
 * since a bigger block is needed exactly when n is 0 or a power of two
 * of 16 or more.  Unlike the x* above it does not end the program: out of
 * memory it returns false with *v unchanged (and still to be freed), so
 * the libraries use it too and leave the failure to their caller. */
bool xalloc_room(void **v, size_t n, size_t size);

#endif
