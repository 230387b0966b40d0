/*
 * json.h - what every writer of JSON shares: a string with its quotes,
 * backslashes and control characters escaped (RFC 8259, section 7).
 * alphasim's stats file and the analysis tools write through it.
 */
#ifndef UTIL_JSON_H
#define UTIL_JSON_H

#include <stdio.h>

/* s as a JSON string, quotes included. */
void json_str(FILE *f, const char *s);

#endif
