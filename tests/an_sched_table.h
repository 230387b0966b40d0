/*
 * an_sched_table.h - a hand-written static schedule for the analysis
 * tests (the real one comes from the simulator's issue model): M_i read
 * from a table indexed by instruction, every cycle put down to slotting,
 * and a dependency where the table names a producer.
 */
#ifndef TESTS_AN_SCHED_TABLE_H
#define TESTS_AN_SCHED_TABLE_H

#include <string.h>
#include "analysis/lib/sched.h"

struct sched_table {
	uint64_t base;
	const uint32_t *m;           /* M per instruction from base          */
	const int32_t *producer;     /* per instruction, index in its block, */
	                             /* -1 none (NULL: none at all)          */
	unsigned calls;
	enum an_enter last_enter[64];
};

static inline bool sched_table_fn(void *ctx, uint64_t pc, const uint32_t *w, size_t n,
                                  enum an_enter enter, struct an_sched_insn *out)
{
	struct sched_table *t = ctx;
	(void)w;
	size_t at = (pc - t->base) / 4;
	if (at < 64)
		t->last_enter[at] = enter;
	t->calls++;
	for (size_t i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof out[i]);
		out[i].m = t->m[at + i];
		int32_t pr = t->producer ? t->producer[at + i] : -1;
		out[i].producer = pr;
		out[i].cause[(pr >= 0 ? TC_dep_int : TC_slot) - AN_STATIC_FIRST] = out[i].m;
	}
	return true;
}

#endif
