/*
 * params.c - the machine description: defaults, -c key=value, --config
 * files and printing, all generated from timing/params.def.
 */
#include "timing/params.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct param_info {
	const char *key;
	size_t      off;
	uint64_t    def, min, max;
	unsigned    flags;
	const char *help;
};

static const struct param_info info[] = {
#define PARAM(key, def, min, max, flags, help) \
	{ #key, offsetof(struct params, key), def, min, max, flags, help },
#include "timing/params.def"
#undef PARAM
};
#define NPARAMS (sizeof info / sizeof info[0])

static uint64_t *field(struct params *p, const struct param_info *pi)
{
	return (uint64_t *)((char *)p + pi->off);
}

static uint64_t value(const struct params *p, const struct param_info *pi)
{
	return *(const uint64_t *)((const char *)p + pi->off);
}

void params_default(struct params *p)
{
	for (size_t i = 0; i < NPARAMS; i++)
		*field(p, &info[i]) = info[i].def;
}

static const struct param_info *lookup(const char *key, size_t n)
{
	for (size_t i = 0; i < NPARAMS; i++)
		if (strlen(info[i].key) == n && !strncmp(info[i].key, key, n))
			return &info[i];
	return NULL;
}

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

bool params_number(const char *s, uint64_t *v)
{
	int base = 10;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	/* strtoull alone would take spaces, a sign, and octal after a 0 */
	if (!(base == 16 ? isxdigit((unsigned char)*s) : isdigit((unsigned char)*s)))
		return false;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(s, &end, base);
	if (errno || *end)
		return false;
	*v = x;
	return true;
}

/* Set key (n bytes) to the text val; where names the source for err,
 * label the value (NULL: the key). */
static bool set_one(struct params *p, const char *key, size_t n, const char *val,
                    const char *where, const char *label, char *err, size_t errlen)
{
	const struct param_info *pi = lookup(key, n);
	if (!pi) {
		snprintf(err, errlen, "%sunknown parameter '%.*s' (see --print-config)",
		         where, (int)n, key);
		return false;
	}
	uint64_t v;
	if (!params_number(val, &v) || v < pi->min || v > pi->max ||
	    ((pi->flags & PARAM_POW2) && !pow2(v))) {
		snprintf(err, errlen, "%sbad value '%s' for %s (want %s%llu..%llu)",
		         where, val, label ? label : pi->key,
		         (pi->flags & PARAM_POW2) ? "a power of two in " : "",
		         (unsigned long long)pi->min, (unsigned long long)pi->max);
		return false;
	}
	*field(p, pi) = v;
	return true;
}

bool params_set_key(struct params *p, const char *key, const char *val,
                    const char *label, char *err, size_t errlen)
{
	return set_one(p, key, strlen(key), val, "", label, err, errlen);
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = 0;
	return s;
}

bool params_set(struct params *p, const char *kv, char *err, size_t errlen)
{
	const char *eq = strchr(kv, '=');
	if (!eq) {
		snprintf(err, errlen, "bad configuration '%s' (want key=value)", kv);
		return false;
	}
	char val[128];
	snprintf(val, sizeof val, "%s", eq + 1);
	return set_one(p, kv, (size_t)(eq - kv), trim(val), "", NULL, err, errlen);
}

/* One line of f into buf, without its newline: 1, or 0 at the end of
 * the file, or -1 with why set (a NUL byte: not a text file, such as
 * /dev/zero, which would otherwise be read for ever; a line that does
 * not fit; a read error). */
static int read_line(FILE *f, char *buf, size_t len, const char **why)
{
	size_t n = 0;
	int c;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (c == 0 || n + 1 == len) {
			*why = c ? "line too long" : "a NUL byte: not a text file";
			return -1;
		}
		buf[n++] = (char)c;
	}
	buf[n] = 0;
	if (ferror(f)) {
		*why = strerror(errno);
		return -1;
	}
	return c != EOF || n;
}

bool params_load(struct params *p, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	struct stat st;
	if (!f || fstat(fileno(f), &st) != 0 || S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "--config %s: %s", path, strerror(f ? EISDIR : errno));
		if (f)
			fclose(f);
		return false;
	}
	char line[512], where[300];
	const char *why;
	unsigned lineno = 0;
	bool ok = true;
	for (int r; ok && (r = read_line(f, line, sizeof line, &why)) != 0;) {
		snprintf(where, sizeof where, "--config %s:%u: ", path, ++lineno);
		if (r < 0) {
			snprintf(err, errlen, "%s%s", where, why);
			ok = false;
			break;
		}
		char *hash = strchr(line, '#');
		if (hash)
			*hash = 0;
		char *s = trim(line);
		if (!*s)
			continue;
		char *eq = strchr(s, '=');
		if (!eq) {
			snprintf(err, errlen, "%sbad line '%s' (want key = value)", where, s);
			ok = false;
			break;
		}
		*eq = 0;
		char *key = trim(s), *val = trim(eq + 1);
		ok = set_one(p, key, strlen(key), val, where, NULL, err, errlen);
	}
	fclose(f);
	return ok;
}

/* A cache of kb KB, ways ways and line-byte blocks needs a power-of-two
 * number of sets. */
static bool geometry(const char *name, uint64_t kb, uint64_t ways, uint64_t line,
                     char *err, size_t errlen)
{
	uint64_t bytes = kb * 1024;
	if (bytes % (ways * line) || !pow2(bytes / (ways * line))) {
		snprintf(err, errlen, "bad %s geometry: %llu KB / (%llu ways x %llu bytes) "
		         "is not a power-of-two number of sets", name, (unsigned long long)kb,
		         (unsigned long long)ways, (unsigned long long)line);
		return false;
	}
	return true;
}

bool params_check(const struct params *p, char *err, size_t errlen)
{
	if (!geometry("icache", p->icache_kb, 1, p->icache_line, err, errlen) ||
	    !geometry("dcache", p->dcache_kb, 1, p->dcache_line, err, errlen) ||
	    !geometry("scache", p->scache_kb, p->scache_ways, p->scache_line, err, errlen) ||
	    (p->bcache_kb &&
	     !geometry("bcache", p->bcache_kb, p->bcache_ways, p->bcache_line, err, errlen)))
		return false;
	if (p->dcache_line > p->scache_line || p->icache_line > p->scache_line) {
		snprintf(err, errlen, "bad cache lines: the I- and D-cache lines (%llu, %llu) "
		         "must not be larger than the S-cache block (%llu)",
		         (unsigned long long)p->icache_line, (unsigned long long)p->dcache_line,
		         (unsigned long long)p->scache_line);
		return false;
	}
	return true;
}

void params_print(const struct params *p, FILE *f)
{
	for (size_t i = 0; i < NPARAMS; i++)
		fprintf(f, "%-15s = %-8llu # %s%s\n", info[i].key,
		        (unsigned long long)value(p, &info[i]), info[i].help,
		        (info[i].flags & PARAM_ASSUMED) ? " (assumed)" : "");
}

void params_json(const struct params *p, FILE *f, const char *indent)
{
	const char *sep = "";
	for (size_t i = 0; i < NPARAMS; i++)
		if (!(info[i].flags & PARAM_HOST)) {
			fprintf(f, "%s%s\"%s\": %llu", sep, indent, info[i].key,
			        (unsigned long long)value(p, &info[i]));
			sep = ",\n";
		}
	fputs("\n", f);
}

size_t params_text(const struct params *p, char *buf, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < NPARAMS; i++) {
		if (info[i].flags & PARAM_HOST)
			continue;
		bool room = buf && n < len;
		int k = snprintf(room ? buf + n : NULL, room ? len - n : 0, "%s=%llu\n",
		                 info[i].key, (unsigned long long)value(p, &info[i]));
		n += (size_t)k;
	}
	return n;
}
