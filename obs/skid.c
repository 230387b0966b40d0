/*
 * skid.c - the skid trace's rows (obs/skid.h; docs/pmu.md "The skid
 * trace"): cpu, counter, event, overflow cycle, delivery cycle, the PC
 * of the instruction that caused the event, the PC delivered, and why
 * delivery waited (none, pal, ipl) or that the overflow was lost or
 * cleared; the delivery columns are empty for those.
 */
#include "obs/skid.h"

void skid_header(FILE *f)
{
	fprintf(f, "cpu,counter,event,overflow_cycle,deliver_cycle,cause_pc,"
	           "delivered_pc,deferred_by\n");
}

static const char *const defer_name[] = { "none", "pal", "ipl" };

static void row(void *arg, const struct pmu_trace *t)
{
	FILE *f = arg;
	const struct pmu_pending *q = t->q;
	fprintf(f, "%u,%d,%s,%llu,", t->cpu, t->ctr, pmu_events[q->event].name,
	        (unsigned long long)q->overflow_cycle);
	if (t->fate == PMU_DELIVERED)
		fprintf(f, "%llu,0x%llx,0x%llx,%s\n", (unsigned long long)t->deliver_cycle,
		        (unsigned long long)q->cause_pc, (unsigned long long)t->delivered_pc,
		        defer_name[q->deferred]);
	else
		fprintf(f, ",0x%llx,,%s\n", (unsigned long long)q->cause_pc,
		        t->fate == PMU_LOST ? "lost" : "cleared");
}

struct pmu_tracer skid_tracer(FILE *f)
{
	return (struct pmu_tracer){ .row = row, .arg = f };
}
