/*
 * timing.c - building the 21164 timing model of one CPU: the timing class
 * of every instruction-table line from its pipe and latency class
 * (EV5.md "Pipe classes" and "Latencies"; GCC config/alpha/ev5.md for
 * the unit reservations), the structures, and their statistics.
 */
#include "sim/timing.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Latency class -> (latency parameter, cause a waiting consumer gets). */
static const struct {
	size_t  lat;
	uint8_t cause;
} lat_class[] = {
	[L_NONE]  = { offsetof(struct params, lat_int),    TC_dep_int },
	[L_INT]   = { offsetof(struct params, lat_int),    TC_dep_int },
	[L_SHIFT] = { offsetof(struct params, lat_shift),  TC_dep_int },
	[L_CMOV]  = { offsetof(struct params, lat_cmov),   TC_dep_cmov },
	[L_MVI]   = { offsetof(struct params, lat_mvi),    TC_dep_cmov },
	[L_RPCC]  = { offsetof(struct params, lat_rpcc),   TC_dep_cmov },
	[L_LOAD]  = { offsetof(struct params, lat_dcache), TC_dep_load },
	/* the result of a store conditional comes back from the S-cache */
	[L_STORE] = { offsetof(struct params, lat_scache), TC_dep_load },
	[L_IMULL] = { offsetof(struct params, lat_imull),  TC_dep_imul },
	[L_IMULQ] = { offsetof(struct params, lat_imulq),  TC_dep_imul },
	[L_UMULH] = { offsetof(struct params, lat_umulh),  TC_dep_imul },
	[L_FADD]  = { offsetof(struct params, lat_fadd),   TC_dep_fp },
	[L_FMUL]  = { offsetof(struct params, lat_fmul),   TC_dep_fp },
	[L_FCPYS] = { offsetof(struct params, lat_fcpys),  TC_dep_fp },
	[L_FDIVS] = { offsetof(struct params, lat_fdivs),  TC_dep_fdiv },
	[L_FDIVT] = { offsetof(struct params, lat_fdivt),  TC_dep_fdiv },
	[L_FBR]   = { offsetof(struct params, lat_int),    TC_dep_int },
	[L_BR]    = { offsetof(struct params, lat_int),    TC_dep_int },
	[L_MISC]  = { offsetof(struct params, lat_misc),   TC_dep_cmov },
};

static uint64_t param_at(const struct params *p, size_t off)
{
	return *(const uint64_t *)((const char *)p + off);
}

static uint16_t clamp16(uint64_t v)
{
	return v > 0xffff ? 0xffff : (uint16_t)v;
}

static enum tkind kind_of(unsigned op, const struct isa_insn *e)
{
	switch (op) {
	case OP_call_pal: return TK_CALLPAL;
	case OP_hw_rei:   return TK_REI;
	case OP_br:       return TK_BR;
	case OP_bsr:      return TK_BSR;
	case OP_mb:       return TK_MB;
	case OP_wmb:      return TK_WMB;
	default:          break;
	}
	if (e->flags & I_LOAD)
		return TK_LOAD;
	if (e->flags & I_STORE)
		return TK_STORE;
	if (e->flags & I_COND)
		return TK_COND;
	if (e->args == A_JMP)
		return TK_JUMP;
	if (e->lat == L_IMULL || e->lat == L_IMULQ || e->lat == L_UMULH)
		return TK_IMUL;
	if (e->lat == L_FDIVS || e->lat == L_FDIVT)
		return TK_FDIV;
	return TK_OP;
}

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

/* Pipe class -> SLOT increment (EV5.md "Pipe classes"). */
static const uint32_t pipe_inc[] = {
	[P_NONE] = 0,
	[P_E0]   = SLOT(SF_E0, 1) | SLOT(SF_INT, 1),
	[P_E1]   = SLOT(SF_E1, 1) | SLOT(SF_INT, 1),
	[P_EE]   = SLOT(SF_INT, 1),
	[P_FA]   = SLOT(SF_FA, 1) | SLOT(SF_FP, 1),
	[P_FM]   = SLOT(SF_FM, 1) | SLOT(SF_FP, 1),
	[P_FAM]  = SLOT(SF_FP, 1),
};

static void build_classes(struct timing *tm, const struct params *p)
{
	for (unsigned op = 0; op < OP_COUNT; op++) {
		const struct isa_insn *e = &isa_table[op];
		struct tclass *k = &tm->tc[op];
		k->pipe = e->pipe;
		k->kind = (uint8_t)kind_of(op, e);
		k->lat = clamp16(param_at(p, lat_class[e->lat].lat));
		k->dcause = lat_class[e->lat].cause;
		k->inc = pipe_inc[e->pipe];
		if (k->kind == TK_LOAD)
			k->inc += SLOT(SF_MEM, 1);
		if (k->kind == TK_STORE)
			k->inc += SLOT(SF_MEM, 2);
		switch (e->lat) {
		case L_IMULL: k->busy = clamp16(p->imull_busy); break;
		case L_IMULQ: case L_UMULH: k->busy = clamp16(p->imulq_busy); break;
		case L_FDIVS: k->busy = clamp16(p->fdivs_busy); break;
		case L_FDIVT: k->busy = clamp16(p->fdivt_busy); break;
		default: break;
		}
		/* Integer compares and logicals feed a branch or CMOV test in
		 * the same cycle (GCC ev5.md: bypass 0 ilog,icmp -> ibr,icmov). */
		bool cmp = e->opcode == 0x10 && !strncmp(e->name, "cmp", 3);
		bool logic = e->opcode == 0x11 && e->lat == L_INT && e->args == A_OPR;
		if (cmp || logic)
			k->flags |= TCF_TEST0;
		if (((e->flags & I_COND) && !(e->flags & I_FPA)) || e->lat == L_CMOV)
			k->flags |= TCF_TEST;
		if (op == OP_hw_ld || op == OP_hw_st)
			k->flags |= TCF_HWPHYS;
		if (e->lat == L_CMOV || !strncmp(e->name, "fcmov", 5))
			k->flags |= TCF_CMOV;
		k->pev = pev_of(e);
	}
	/* an illegal word is timed up to its fault like an operate with no
	 * operands (calloc left its other fields 0) */
	tm->tc[OP_ILLEGAL].lat = clamp16(p->lat_int);
	tm->tc[OP_ILLEGAL].dcause = TC_dep_int;
}

struct timing *timing_new(struct cpu *c, const struct params *p, struct truth *truth,
                          uint64_t mem_size)
{
	struct timing *tm = calloc(1, sizeof *tm);
	if (!tm)
		return NULL;
	tm->c = c;
	tm->truth = truth;
	tm->mem_size = mem_size;
	tm->next_seq = ~0ull;
	tm->line_tag = ~0ull;
	tm->tp_vpage = ~0ull;
	tm->bmisp = p->bmisp_penalty;
	tm->jmisp = p->jmisp_penalty;
	tm->bubble = p->taken_bubble;
	tm->pal = p->pal_penalty;
	tm->replay = p->replay_penalty;
	tm->nobypass = p->imul_nobypass;
	tm->mulchain = p->imul_chain;
	tm->slots = SLOT_EMPTY;
	tm->pal_cause = TC_pal;
	build_classes(tm, p);
	bool ok = fetch_init(&tm->fe, p, &tm->ev);
	ok = memsys_init(&tm->ms, p, &tm->ev) && ok;
	ok = bpred_init(&tm->bp, p, &tm->ev) && ok;
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
	h[tm->issued & 7]++;
	fprintf(f, "%s\"issue\": { \"single\": %llu, \"dual\": %llu, \"triple\": %llu, "
	        "\"quad\": %llu },\n", indent, (unsigned long long)h[1],
	        (unsigned long long)h[2], (unsigned long long)h[3], (unsigned long long)h[4]);
	bpred_json(&tm->bp, f, indent);
	fetch_json(&tm->fe, f, indent);
	memsys_json(&tm->ms, f, indent);
}
