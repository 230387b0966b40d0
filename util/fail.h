/*
 * fail.h - the one way a function reports failure to its caller: it
 * returns bool and takes an error buffer (char *err, size_t errlen);
 * FAIL writes one line naming the input and what is wrong into it and
 * returns false (docs/architecture.md "Conventions": bad input gets one
 * clear line).
 * Header only: the guest's dcpid uses it too.
 */
#ifndef UTIL_FAIL_H
#define UTIL_FAIL_H

#include <stdbool.h>
#include <stdio.h>

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return false; } while (0)

#endif
