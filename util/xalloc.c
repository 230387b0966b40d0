/*
 * xalloc.c - allocation that ends the program when the host has no
 * memory left (util/xalloc.h).
 */
#include "util/xalloc.h"
#include "util/cmd.h"
#include <stdlib.h>
#include <string.h>

_Noreturn void xalloc_fail(void)
{
	cmd_die(EXIT_NOMEM, "out of host memory");
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		xalloc_fail();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		xalloc_fail();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		xalloc_fail();
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		xalloc_fail();
	return p;
}

bool xalloc_room(void **v, size_t n, size_t size)
{
	if (n && (n < 16 || (n & (n - 1))))
		return true;
	void *p = realloc(*v, (n ? 2 * n : 16) * size);
	if (!p)
		return false;
	*v = p;
	return true;
}
