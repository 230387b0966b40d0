/*
 * stats.c - writes the --stats JSON summary.
 */
#include "sim/stats.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

bool stats_write(const char *path, struct machine *m, double host_seconds)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "alphasim: %s: %s\n", path, strerror(errno));
		return false;
	}
	uint64_t tc = 0, ti = 0, tu = 0;
	fprintf(f, "{\n  \"version\": 1,\n  \"params\": { \"cpus\": %u, \"mem_mb\": %llu, "
	        "\"model\": \"%s\" },\n  \"cpus\": [\n", m->ncpus,
	        (unsigned long long)(m->mem_size >> 20), m->ev_model >= 56 ? "ev56" : "ev5");
	for (unsigned i = 0; i < m->ncpus; i++) {
		struct cpu *c = m->cpu[i];
		uint64_t n = c->icount[CNT_USER] + c->icount[CNT_KERNEL] + c->icount[CNT_PAL];
		fprintf(f, "    { \"cpu\": %u, \"cycles\": %llu, \"instructions\": { \"user\": %llu, "
		        "\"kernel\": %llu, \"pal\": %llu, \"total\": %llu } }%s\n", i,
		        (unsigned long long)cpu_cycles(c), (unsigned long long)c->icount[CNT_USER],
		        (unsigned long long)c->icount[CNT_KERNEL],
		        (unsigned long long)c->icount[CNT_PAL], (unsigned long long)n,
		        i + 1 < m->ncpus ? "," : "");
		tc += cpu_cycles(c);
		ti += n;
		tu += c->icount[CNT_USER];
	}
	fprintf(f, "  ],\n  \"total\": { \"cycles\": %llu, \"instructions\": %llu, "
	        "\"user_instructions\": %llu, \"host_seconds\": %.6f }\n}\n",
	        (unsigned long long)tc, (unsigned long long)ti, (unsigned long long)tu,
	        host_seconds);
	if (ferror(f) | fclose(f) || rename(tmp, path)) {
		fprintf(stderr, "alphasim: %s: %s\n", path, strerror(errno));
		remove(tmp);
		return false;
	}
	return true;
}
