/*
 * bpred.h - 21164 branch prediction (docs/ev5.md "Pipeline"; 21164 HRM
 * 2.1.1.3): a table of 2-bit saturating counters indexed by the branch's
 * PC for conditional branches, a circular return stack for RET and
 * JSR_COROUTINE (pushed by BSR, JSR and JSR_COROUTINE), and the hint
 * field of JMP/JSR (an instruction displacement, as binutils fills it)
 * for their targets.
 */
#ifndef ALPHASIM_BPRED_H
#define ALPHASIM_BPRED_H

#include "timing/params.h"
#include "timing/record.h"

struct bpred {
	uint8_t  *bht;
	uint64_t  mask;
	uint64_t *ras;
	unsigned  ras_size, top;
	struct {
		uint64_t cond, cond_taken, cond_misp;
		uint64_t jumps, jump_misp, returns, return_misp;
	} st;
	struct truth_evbuf *ev;
};

bool bpred_init(struct bpred *b, const struct params *p, struct truth_evbuf *ev);
void bpred_free(struct bpred *b);

/* A conditional branch at pc went (taken); true if it was mispredicted.
 * Counters start weakly not-taken (assumed: docs/timing.md). */
static inline bool bpred_cond(struct bpred *b, uint64_t pc, bool taken)
{
	uint8_t *c = &b->bht[(pc >> 2) & b->mask];
	bool miss = (*c >= 2) != taken;
	if (taken) {
		if (*c < 3)
			(*c)++;
	} else if (*c > 0)
		(*c)--;
	b->st.cond++;
	b->st.cond_taken += taken;
	if (miss) {
		b->st.cond_misp++;
		truth_event(b->ev, TE_bmisp);
	}
	return miss;
}

/* Kinds of computed jump (ARM 4.3.6: the jump type in bits 15:14). */
enum bpred_jump { BJ_JMP, BJ_JSR, BJ_RET, BJ_COROUTINE };

/* A JMP-format instruction at pc with hint went to target; true if its
 * target was mispredicted. */
bool bpred_jump(struct bpred *b, enum bpred_jump kind, uint64_t pc, uint32_t hint,
                uint64_t target);

/* BSR pushes its return address. */
void bpred_push(struct bpred *b, uint64_t ret);

void bpred_json(const struct bpred *b, FILE *f, const char *indent);

#endif
