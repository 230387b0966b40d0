/*
 * params.h - the machine description (timing/params.def): one struct with a
 * field per parameter, its defaults, and setting it from -c key=value and
 * --config files.  Every output file records the parameters it ran with.
 */
#ifndef ALPHASIM_PARAMS_H
#define ALPHASIM_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { PARAM_ASSUMED = 1, PARAM_POW2 = 2, PARAM_HOST = 4 };

struct params {
#define PARAM(key, def, min, max, flags, help) uint64_t key;
#include "timing/params.def"
#undef PARAM
};

/* The 21164 defaults. */
void params_default(struct params *p);

/* Set one "key=value"; false with a one-line reason in err. */
bool params_set(struct params *p, const char *kv, char *err, size_t errlen);

/* Set parameter key to the text val given by an option, named label in
 * a reason ("bad value '0' for --mem (want 1..524288)"). */
bool params_set_key(struct params *p, const char *key, const char *val,
                    const char *label, char *err, size_t errlen);

/* A number as parameters and alphasim's options take it: decimal
 * digits, or hexadecimal ones after 0x; no sign, no spaces, no octal,
 * at most 2^64 - 1.  False if s is not one. */
bool params_number(const char *s, uint64_t *v);

/* Read "key = value" lines (# starts a comment) from a text file (a
 * pipe will do); false with a reason naming --config, the file and the
 * line. */
bool params_load(struct params *p, const char *path, char *err, size_t errlen);

/* Checks that involve several parameters (cache geometry). */
bool params_check(const struct params *p, char *err, size_t errlen);

/* "key = value  # help" lines, as --print-config shows them. */
void params_print(const struct params *p, FILE *f);

/* The parameters as the members of a JSON object (no braces); this and
 * params_text leave out PARAM_HOST ones (they change no result). */
void params_json(const struct params *p, FILE *f, const char *indent);

/* The parameters as "key=value\n" lines into buf (for binary outputs);
 * returns the length it needs. */
size_t params_text(const struct params *p, char *buf, size_t len);

#endif
