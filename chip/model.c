/*
 * model.c - building the 21164 timing model of one CPU: the issue model
 * (timing/issue.c), the structures around it, the counter events of each
 * instruction-table line, and the statistics.
 */
#include "chip/model.h"
#include <stdlib.h>
#include <string.h>

/* The counter events an instruction's issue is (pmu/events.def):
 * every one is an issue; loads and stores are D-cache accesses; integer
 * operates are operate-format instructions on integer registers, FP
 * operates the FP instructions other than loads, stores and branches. */
static uint32_t pev_of(const struct isa_insn *e)
{
	uint32_t v = 1u << PEV_ISSUES;
	bool fp = e->flags & (I_FPA | I_FPB | I_FPC);
	if (e->flags & I_LOAD)
		v |= 1u << PEV_LOADS | 1u << PEV_DACCESS;
	if (e->flags & I_STORE)
		v |= 1u << PEV_STORES | 1u << PEV_DACCESS;
	if ((e->flags & (I_LOAD | I_LOCK)) == (I_LOAD | I_LOCK))
		v |= 1u << PEV_LDXL;
	if (!(e->flags & (I_LOAD | I_STORE | I_BRANCH))) {
		if (fp)
			v |= 1u << PEV_FPOPS;
		else if (e->args == A_OPR || e->args == A_OPRBC || e->args == A_OPRC)
			v |= 1u << PEV_INTOPS;
	}
	return v;
}

struct timing *timing_new(struct cpu *c, const struct params *p,
                          const struct truth_sink *sink, uint64_t mem_size)
{
	struct timing *tm = calloc(1, sizeof *tm);
	if (!tm)
		return NULL;
	tm->c = c;
	if (sink)
		tm->sink = *sink;
	tm->mem_size = mem_size;
	tm->line_tag = ~0ull;
	tm->tp_vpage = ~0ull;
	tm->replay = p->replay_penalty;
	tm->pal_cause = TC_pal;
	issue_model_init(&tm->model, p);
	issue_state_init(&tm->st);
	/* the events chip/timed_run.c's boundary() counts */
	tm->bnd_events = 1ull << PEV_IACCESS | 1ull << PEV_IMISS | 1ull << PEV_SPLIT |
	                 1ull << PEV_NONISSUE | 1ull << PEV_PIPEDRY | 1ull << PEV_LONGSTALL |
	                 1ull << PEV_MBSTALL;
	for (unsigned i = 0; i < 4; i++)
		tm->bnd_events |= 1ull << (PEV_SINGLE + i);
	tm->commit_events = timing_commit_pevs();
	for (unsigned op = 0; op < OP_COUNT; op++) {
		tm->pev[op] = pev_of(&isa_table[op]);
		tm->bnd_events |= tm->pev[op];
	}
	bool ok = fetch_init(&tm->fe, p, &tm->ev);
	ok = memsys_init(&tm->ms, p, &tm->ev) && ok;
	ok = bpred_init(&tm->bp, p, &tm->ev) && ok;
	ok = memo_init(&tm->memo, &tm->model, tm->issue_hist) && ok;
	if (!ok) {
		timing_free(tm);
		return NULL;
	}
	return tm;
}

void timing_free(struct timing *tm)
{
	if (!tm)
		return;
	fetch_free(&tm->fe);
	memsys_free(&tm->ms);
	bpred_free(&tm->bp);
	memo_free(&tm->memo);
	free(tm);
}

void timing_flush(struct timing *tm, bool icache)
{
	if (icache) {
		cache_flush(&tm->fe.ic);
		tm->fe.rb_n = 0;
		tm->fe.stream = false;
		tm->line_tag = ~0ull;
	} else
		cache_flush(&tm->ms.dc);
}

void timing_json(const struct timing *tm, FILE *f, const char *indent)
{
	/* the cycle still open counts too */
	uint64_t h[8];
	memcpy(h, tm->issue_hist, sizeof h);
	h[tm->st.issued & 7]++;
	fprintf(f, "%s\"issue\": { \"single\": %llu, \"dual\": %llu, \"triple\": %llu, "
	        "\"quad\": %llu },\n", indent, (unsigned long long)h[1],
	        (unsigned long long)h[2], (unsigned long long)h[3], (unsigned long long)h[4]);
	bpred_json(&tm->bp, f, indent);
	fetch_json(&tm->fe, f, indent);
	memsys_json(&tm->ms, f, indent);
}

uint64_t timing_pal_owed(const struct timing *tm)
{
	return palfor_owed(&tm->palfor, tm->c->pal, tm->st.tl);
}
