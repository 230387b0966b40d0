/*
 * stats.c - writes the --stats JSON summary: the machine description the
 * run used ("params"), per CPU its cycles (and of them the idle ones,
 * waiting for an interrupt: platform/wait.h), instructions by mode, its TBs,
 * performance counters and interrupts (docs/pmu.md), the statistics of
 * every timing structure, and the totals.
 */
#include "obs/stats.h"
#include "chip/model.h"
#include "util/json.h"
#include <stdio.h>

/* The run markers and hints the guest gave through simctl. */
static void markers_json(FILE *f, const struct machine *m)
{
	fprintf(f, "  \"markers\": [");
	for (size_t i = 0; i < m->nmarks; i++) {
		const struct machine_mark *k = &m->marks[i];
		fprintf(f, "%s\n    { \"cpu\": %u, \"value\": %llu, \"cycles\": %llu, "
		        "\"instructions\": %llu }", i ? "," : "", k->cpu,
		        (unsigned long long)k->value, (unsigned long long)k->cycles,
		        (unsigned long long)k->insns);
	}
	fprintf(f, "%s],\n", m->nmarks ? "\n  " : "");
}

static void hints_json(FILE *f, const struct machine *m)
{
	fprintf(f, "  \"hints\": [");
	for (size_t i = 0; i < m->nhints; i++) {
		const struct machine_hint *h = &m->hints[i];
		fprintf(f, "%s\n    { \"kind\": \"%s\", \"cpu\": %u, \"cycles\": %llu, "
		        "\"pid\": %llu, \"asn\": %llu", i ? "," : "",
		        h->kind == SIMCTL_HINT_IMAGE ? "image" : "context", h->cpu,
		        (unsigned long long)h->cycles, (unsigned long long)h->pid,
		        (unsigned long long)h->asn);
		if (h->kind == SIMCTL_HINT_IMAGE) {
			fprintf(f, ", \"base\": %llu, \"size\": %llu, \"offset\": %llu, "
			        "\"ident\": %llu, \"path\": ", (unsigned long long)h->base,
			        (unsigned long long)h->size, (unsigned long long)h->offset,
			        (unsigned long long)h->ident);
			json_str(f, h->path);
		}
		fprintf(f, " }");
	}
	fprintf(f, "%s],\n", m->nhints ? "\n  " : "");
}

/* The counters: what each selects and counted, its overflows and what
 * became of them; the interrupts taken and how many waited. */
static void pmu_json(const struct cpu *c, FILE *f, const char *in)
{
	const struct pmu *p = &c->pmu;
	fprintf(f, "%s\"pmu\": { \"enabled\": %s, \"counters\": [", in,
	        p->enabled ? "true" : "false");
	for (int n = 0; n < PMU_NCTR; n++)
		fprintf(f, "%s\n%s  { \"counter\": %d, \"event\": \"%s\", \"ctl\": %u, "
		        "\"counted\": %llu, \"overflows\": %llu, \"delivered\": %llu, "
		        "\"deferred_pal\": %llu, \"deferred_ipl\": %llu, \"lost\": %llu, "
		        "\"cleared\": %llu, \"discarded\": %llu }", n ? "," : "", in, n,
		        p->event_of[n] >= 0 ? pmu_events[p->event_of[n]].name : "none",
		        p->ctl[n], (unsigned long long)p->counted[n],
		        (unsigned long long)p->overflows[n], (unsigned long long)p->delivered[n],
		        (unsigned long long)p->deferred[n][DEFER_PAL],
		        (unsigned long long)p->deferred[n][DEFER_IPL],
		        (unsigned long long)p->lost[n], (unsigned long long)p->cleared[n],
		        (unsigned long long)p->discarded[n]);
	fprintf(f, " ] },\n%s\"interrupts\": { \"taken\": %llu, \"pmu\": %llu, "
	        "\"deferred_pal\": %llu, \"deferred_ipl\": %llu }", in,
	        (unsigned long long)c->intr.taken, (unsigned long long)c->intr.taken_pmu,
	        (unsigned long long)c->intr.deferred_pal, (unsigned long long)c->intr.deferred_ipl);
	/* the instruction-sampling unit (an alphasim extension:
	 * docs/precise.md), when it selected anything */
	const struct pm *u = &c->pm;
	if (u->tagged + u->collisions + u->dropped_stopped)
		fprintf(f, ",\n%s\"pm\": { \"tagged\": %llu, \"recorded\": %llu, "
		        "\"filtered\": %llu, \"collisions\": %llu, \"dropped_stopped\": %llu, "
		        "\"killed\": %llu }", in, (unsigned long long)u->tagged,
		        (unsigned long long)u->recorded, (unsigned long long)u->filtered,
		        (unsigned long long)u->collisions, (unsigned long long)u->dropped_stopped,
		        (unsigned long long)u->killed);
}

void stats_write(FILE *f, struct machine *m, double host_seconds,
                 const struct dcpi_figures *dcpi)
{
	uint64_t tc = 0, ti = 0, tu = 0, tidle = 0;
	fprintf(f, "{\n  \"version\": 1,\n  \"params\": {\n"
	        "    \"model\": \"%s\",\n    \"timing\": \"%s\",\n",
	        m->bus.ev_model >= 56 ? "ev56" : "ev5", m->bus.cpu[0]->timing ? "on" : "off");
	params_json(&m->params, f, "    ");
	fprintf(f, "  },\n  \"cpus\": [\n");
	for (unsigned i = 0; i < m->bus.ncpus; i++) {
		struct cpu *c = m->bus.cpu[i];
		uint64_t n = cpu_insns(c);
		fprintf(f, "    {\n      \"cpu\": %u,\n      \"cycles\": %llu,\n"
		        "      \"idle_cycles\": %llu,\n"
		        "      \"instructions\": { \"user\": %llu, \"kernel\": %llu, \"pal\": %llu, "
		        "\"total\": %llu }", i,
		        (unsigned long long)cpu_cycles(c), (unsigned long long)c->idle,
		        (unsigned long long)c->icount[CNT_USER],
		        (unsigned long long)c->icount[CNT_KERNEL],
		        (unsigned long long)c->icount[CNT_PAL], (unsigned long long)n);
		fprintf(f, ",\n      \"devices\": { \"timer_ticks\": %llu, \"ipis_sent\": %llu, "
		        "\"ipis_received\": %llu }", (unsigned long long)m->timer[i].ticks,
		        (unsigned long long)m->ipi[i].sent, (unsigned long long)m->ipi[i].received);
		fprintf(f, ",\n");
		tlb_json(&c->itb, f, "      ", "itb");
		tlb_json(&c->dtb, f, "      ", "dtb");
		pmu_json(c, f, "      ");
		if (c->timing) {
			fprintf(f, ",\n");
			timing_json(c->timing, f, "      ");
		}
		fprintf(f, "\n    }%s\n", i + 1 < m->bus.ncpus ? "," : "");
		tc += cpu_cycles(c);
		tidle += c->idle;
		ti += n;
		tu += c->icount[CNT_USER];
	}
	fprintf(f, "  ],\n");
	markers_json(f, m);
	hints_json(f, m);
	fprintf(f, "  \"hostfs\": { \"requests\": %llu, \"write_limit\": %llu, "
	        "\"bytes_added\": %lld, \"writes_refused\": %llu },\n",
	        (unsigned long long)m->hostfs.ops, (unsigned long long)m->hostfs.write_limit,
	        (long long)m->hostfs.added, (unsigned long long)m->hostfs.refused);
	if (dcpi) {
		dcpi_figures_json(dcpi, f, "  ");
		fprintf(f, ",\n");
	}
	fprintf(f, "  \"total\": { \"cycles\": %llu, \"idle_cycles\": %llu, \"instructions\": %llu, "
	        "\"user_instructions\": %llu, \"host_seconds\": %.6f }\n}\n",
	        (unsigned long long)tc, (unsigned long long)tidle, (unsigned long long)ti,
	        (unsigned long long)tu, host_seconds);
}
