/* tio_bare.c - tio's output for bare-metal programs: the console. */
#include "rt.h"
#include "tio.h"

void tio_write(const char *s, size_t n) { rt_write(s, n); }
