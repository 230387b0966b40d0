/*
 * stats.c - writes the --stats JSON summary: the machine description the
 * run used ("params"), per CPU its cycles, instructions by mode and the
 * statistics of every timing structure, and the totals.
 */
#include "sim/stats.h"
#include "sim/timing.h"
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
	fprintf(f, "{\n  \"version\": 1,\n  \"params\": {\n    \"cpus\": %u,\n"
	        "    \"model\": \"%s\",\n    \"timing\": \"%s\",\n", m->ncpus,
	        m->ev_model >= 56 ? "ev56" : "ev5", m->timing[0] ? "on" : "off");
	params_json(&m->params, f, "    ");
	fprintf(f, "  },\n  \"cpus\": [\n");
	for (unsigned i = 0; i < m->ncpus; i++) {
		struct cpu *c = m->cpu[i];
		uint64_t n = cpu_insns(c);
		fprintf(f, "    {\n      \"cpu\": %u,\n      \"cycles\": %llu,\n"
		        "      \"instructions\": { \"user\": %llu, \"kernel\": %llu, \"pal\": %llu, "
		        "\"total\": %llu }", i,
		        (unsigned long long)cpu_cycles(c), (unsigned long long)c->icount[CNT_USER],
		        (unsigned long long)c->icount[CNT_KERNEL],
		        (unsigned long long)c->icount[CNT_PAL], (unsigned long long)n);
		if (m->timing[i]) {
			fprintf(f, ",\n");
			timing_json(m->timing[i], f, "      ");
		}
		fprintf(f, "\n    }%s\n", i + 1 < m->ncpus ? "," : "");
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
