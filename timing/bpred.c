/*
 * bpred.c - branch history table and return stack (timing/bpred.h).
 */
#include "timing/bpred.h"
#include <stdlib.h>

bool bpred_init(struct bpred *b, const struct params *p, struct truth_evbuf *ev)
{
	*b = (struct bpred){ .ev = ev };
	b->bht = malloc(p->bht_entries);
	b->ras_size = (unsigned)p->ras_entries;
	b->ras = calloc(b->ras_size ? b->ras_size : 1, sizeof *b->ras);
	if (!b->bht || !b->ras) {
		bpred_free(b);
		return false;
	}
	for (uint64_t i = 0; i < p->bht_entries; i++)
		b->bht[i] = 1;
	b->mask = p->bht_entries - 1;
	return true;
}

void bpred_free(struct bpred *b)
{
	free(b->bht);
	free(b->ras);
	b->bht = NULL;
	b->ras = NULL;
}

void bpred_push(struct bpred *b, uint64_t ret)
{
	if (!b->ras_size)
		return;
	b->top = (b->top + 1) % b->ras_size;
	b->ras[b->top] = ret;
}

/* Circular: popping more than was pushed reads stale entries. */
static uint64_t pop(struct bpred *b)
{
	if (!b->ras_size)
		return ~0ull;
	uint64_t v = b->ras[b->top];
	b->top = (b->top + b->ras_size - 1) % b->ras_size;
	return v;
}

bool bpred_jump(struct bpred *b, enum bpred_jump kind, uint64_t pc, uint32_t hint,
                uint64_t target)
{
	uint64_t predicted;
	if (kind == BJ_RET || kind == BJ_COROUTINE) {
		predicted = pop(b);
		b->st.returns++;
	} else {
		/* the hint is a 14-bit instruction displacement from pc + 4,
		 * as the assembler and linker fill it (R_ALPHA_HINT) */
		int64_t disp = (int64_t)((uint64_t)(hint & 0x3fff) << 50) >> 50;
		predicted = pc + 4 + (uint64_t)(disp * 4);
		b->st.jumps++;
	}
	if (kind == BJ_JSR || kind == BJ_COROUTINE)
		bpred_push(b, pc + 4);
	bool miss = predicted != target;
	if (miss) {
		if (kind == BJ_RET || kind == BJ_COROUTINE)
			b->st.return_misp++;
		b->st.jump_misp++;
		truth_event(b->ev, TE_jmisp);
	}
	return miss;
}

void bpred_json(const struct bpred *b, FILE *f, const char *indent)
{
	fprintf(f, "%s\"bpred\": { \"cond_branches\": %llu, \"cond_taken\": %llu, "
	        "\"cond_mispredicts\": %llu, \"jumps\": %llu, \"returns\": %llu, "
	        "\"jump_mispredicts\": %llu, \"return_mispredicts\": %llu },\n", indent,
	        (unsigned long long)b->st.cond, (unsigned long long)b->st.cond_taken,
	        (unsigned long long)b->st.cond_misp, (unsigned long long)b->st.jumps,
	        (unsigned long long)b->st.returns, (unsigned long long)b->st.jump_misp,
	        (unsigned long long)b->st.return_misp);
}
