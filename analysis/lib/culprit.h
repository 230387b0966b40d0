/*
 * culprit.h - why an instruction stalled (DCPI paper, section 6.2;
 * docs/analysis.md, "Culprits").
 *
 * An instruction has a dynamic stall when its samples exceed what its
 * class frequency and M_i explain by more than the Poisson noise.  For
 * each such instruction every dynamic cause of analysis/lib/culprit.def that
 * the code does not rule out is listed; '?' when none is left.  The rules
 * look at the instruction, its block's position in the CFG, and the
 * instructions before it along every path within a window of static
 * cycles (the M_i of the instructions in between).
 */
#ifndef ANALYSIS_CULPRIT_H
#define ANALYSIS_CULPRIT_H

#include "analysis/lib/freq.h"
#include "isa/isa.h"
#include "timing/params.h"

#define AN_TC(n) (1u << TC_##n)

enum an_culprit {
#define CULPRIT(id, letter, truth, desc) AN_C_##id,
#include "analysis/lib/culprit.def"
#undef CULPRIT
	AN_C_N
};

struct an_culprit_info {
	const char *name;
	char letter;
	uint32_t truth;              /* bits of enum truth_cause           */
	const char *desc;
};
extern const struct an_culprit_info an_culprit_table[AN_C_N];

struct an_culprit_opts {
	double z;                    /* a stall is more than z Poisson
	                                deviations (+1 sample) of excess   */
	double min_stall;            /* ... and at least this CPI - M_i    */
	uint32_t dmiss_window;       /* cycles a load miss can stall a use  */
	uint32_t wb_window;          /* cycles stores stay in the write buffer */
	uint32_t imul_window;        /* cycles the multiplier stays busy    */
	uint32_t fdiv_window;        /* ... the divider                     */
	uint32_t icache_line, page;  /* bytes                               */
	uint32_t imiss_cost;         /* the most cycles one I-cache miss costs */
	double imiss_period;         /* mean IMISS period; 0: not sampled   */
	uint32_t lat[OP_COUNT];      /* cycles from issue to result usable  */
	uint32_t lat_window;         /* ... the longest of them             */
	uint32_t slot_window;        /* static cycles from a block's first   */
	                                /* issue within which its issue pairs */
	                                /* can follow the block before's      */
};

/* Options from the machine the profile ran on (timing/params.def). */
void an_culprit_defaults(struct an_culprit_opts *o, const struct params *p);

struct an_culprits {
	bool stalled;
	uint32_t set;                /* bits of enum an_culprit            */
	int32_t load;                /* for d: the load it waits for, or -1 */
};

/* For every instruction of g: whether it stalled and the culprits left.
 * imiss: IMISS samples per instruction, NULL when not sampled. */
bool an_culprits_find(struct an_culprits *out, const struct an_cfg *g,
                      const struct an_equiv *q, const struct an_estimate *e,
                      const struct an_sched_insn *s, const double *imiss,
                      const struct an_culprit_opts *o);

/* The codes of a set as letters, in table order, into buf. */
void an_culprit_codes(uint32_t set, char *buf, size_t len);

#endif
