/*
 * handcost.c - the epoch's file of the sampling interrupts' own cost
 * (docs/dcpi-db.md, "The handler's cost"): a first line
 * "dcpi-handler-cost 1", then one line per event the driver measured,
 * "EVENT INTERRUPTS AFTER_RELOAD FROM_ENTRY" (decimal), in the events'
 * order.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "daemon/handcost.h"
#include "daemon/profdb.h"
#include "util/infile.h"

#define MAGIC "dcpi-handler-cost 1\n"
#define FILE_MAX 16384          /* PEV_COUNT lines of at most ~90 bytes */

/* One line "EVENT N A E" of s (NUL-ended) into cost[], the rest after
 * it in *next; false on anything else. */
static bool parse_line(char *s, char **next, struct pcount_cost cost[PEV_COUNT])
{
	char *nl = strchr(s, '\n');
	if (!nl)
		return false;
	*nl = 0;
	*next = nl + 1;
	char name[64];
	uint64_t v[3];
	int used = 0;
	if (sscanf(s, "%63s %" SCNu64 " %" SCNu64 " %" SCNu64 "%n", name, &v[0], &v[1],
	           &v[2], &used) != 4 || s[used] || strchr(s, '-') || strchr(s, '+'))
		return false;
	int e = pmu_event_by_name(name);
	if (e < 0 || e >= PEV_COUNT)
		return false;
	cost[e].interrupts += v[0];
	cost[e].after_reload += v[1];
	cost[e].from_entry += v[2];
	return true;
}

bool handcost_read(const char *dir, struct pcount_cost cost[PEV_COUNT], bool *found,
                   char *err, size_t errlen)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, HANDCOST_FILE);
	*found = false;
	if (access(path, F_OK) && errno == ENOENT)
		return true;
	unsigned char *buf;
	size_t len;
	if (!infile_read(path, true, FILE_MAX, "handler cost file", &buf, &len, err, errlen))
		return false;
	struct pcount_cost add[PEV_COUNT] = { { 0 } };
	char *s = (char *)buf;
	bool ok = len >= strlen(MAGIC) && !strncmp(s, MAGIC, strlen(MAGIC)) &&
	          strlen(s) == len;
	size_t line = 1;
	for (s += ok ? strlen(MAGIC) : 0; ok && *s; line++)
		ok = parse_line(s, &s, add);
	free(buf);
	if (!ok)
		return prof_fail(err, errlen, "%s: line %zu: not 'EVENT INTERRUPTS AFTER_RELOAD "
		                 "FROM_ENTRY' after a '%.*s' line", path, line,
		                 (int)strlen(MAGIC) - 1, MAGIC);
	for (unsigned e = 0; e < PEV_COUNT; e++) {
		cost[e].interrupts += add[e].interrupts;
		cost[e].after_reload += add[e].after_reload;
		cost[e].from_entry += add[e].from_entry;
	}
	*found = true;
	return true;
}

bool handcost_add(const char *dir, const struct pcount_cost add[PEV_COUNT], char *err,
                  size_t errlen)
{
	struct pcount_cost cost[PEV_COUNT] = { { 0 } };
	bool found;
	if (!handcost_read(dir, cost, &found, err, errlen))
		return false;
	char text[FILE_MAX];
	size_t n = (size_t)snprintf(text, sizeof text, "%s", MAGIC);
	for (unsigned e = 0; e < PEV_COUNT; e++) {
		cost[e].interrupts += add[e].interrupts;
		cost[e].after_reload += add[e].after_reload;
		cost[e].from_entry += add[e].from_entry;
		if (cost[e].interrupts && n < sizeof text)
			n += (size_t)snprintf(text + n, sizeof text - n,
			                      "%s %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
			                      pmu_events[e].name, cost[e].interrupts,
			                      cost[e].after_reload, cost[e].from_entry);
	}
	if (n >= sizeof text)
		return prof_fail(err, errlen, "%s/%s: too long", dir, HANDCOST_FILE);
	return profdb_replace(dir, HANDCOST_FILE, (const unsigned char *)text, n, err, errlen);
}
