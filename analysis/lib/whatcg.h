/*
 * whatcg.h - "where have all the cycles gone" (DCPI paper, section 6.3:
 * dcpiwhatcg; docs/analysis.md, "dcpiwhatcg"): the cycles of a scope
 * split into dynamic stalls by culprit, static stalls by cause, and
 * execution, from the estimates; and the same split from the truth.
 *
 * Per instruction i with estimated executions n, cycles C = S_i x P x s
 * and static schedule M_i:
 *   - an issue point (M_i >= 1) spends 1 cycle of each execution issuing
 *     ("execution", or "nops" for a no-op), the rest of n M_i is its
 *     static stall, split by the schedule's causes (the issue cycle taken
 *     from slotting first, else from its largest cause);
 *   - the dynamic stall X = C - n M_i: when the culprit analysis found a
 *     stall, X goes to each culprit listed (a range: at least X when it
 *     is the only one, at most X when listed), or to "unexplained stall"
 *     for '?'; otherwise X is within the sampling noise (more or fewer
 *     samples than n M_i by chance, or no more than a small stall) and
 *     goes to "net sampling error", where the two signs cancel;
 *   - before that, the profiler's own cycles come off the dynamic stall:
 *     each sample at the instruction is an interrupt taken before it,
 *     whose PALcode and return restart it paid (the truth's profiling:
 *     docs/truth-format.md), an_proc's cycles per interrupt each
 *     ("sampling interrupts", a group of its own, outside the program's
 *     stall).
 * The subtotals (dynamic, static, execution) are exact; only how the
 * dynamic stall divides among culprits is a range.
 *
 * The truth's split of the same instructions, by what the analysis can
 * know (its cycles are the PAL cycles run for it as well, analysis/lib/antruth.h):
 * the profiling cause to "sampling interrupts"; an instruction where the
 * culprit analysis found no stall has its true dynamic stall, too small
 * to tell from the sampling noise there, in "net sampling error", as the
 * estimate has; otherwise each head cycle by its cause, the dynamic causes to the culprit
 * that stands for them (analysis/lib/culprit.def; idle, a CPU waiting for an
 * interrupt, to "unexplained stall"); the static ones to their category
 * up to what the block's schedule gives them (true count x the cycles
 * of that cause in M_i), less the true executions' issue cycles (true
 * count x [M_i >= 1], taken the same way, and from the largest dynamic
 * cause where one held through the cycle the instruction issued).  Static cycles beyond the
 * schedule come from another block, which the schedule does not see: a
 * multiply's or divide's unit kept busy there is "IMUL busy" or "FDIV
 * busy" (by the instruction), a result from there, another unit, or
 * slotting with it, "from a preceding block" (culprit x) -- as the
 * culprit analysis sees them.
 *
 * Instruction sampling's records (an alphasim extension,
 * docs/precise.md) carry the truth's own split of their head cycles, so
 * their column is the truth's split applied to the records' estimates
 * (analysis/lib/pmest.h): executions = retired records x period, each
 * cause's cycles = its head cycles in the records x period; their
 * dynamic stall where no stall was found is net sampling error, as the
 * truth's.  A record holds no PAL cycles run for its instruction: the
 * column has no sampling interrupts, nor a DTB miss's fill.
 */
#ifndef ANALYSIS_WHATCG_H
#define ANALYSIS_WHATCG_H

#include <stdio.h>
#include "analysis/lib/anproc.h"
#include "analysis/lib/pmest.h"

/* X(id, group, label): groups 0 dynamic, 1 static, 2 execution, 3 the
 * profiler's own (not the program's). */
#define AN_WCG_CATS(X) \
	X(icache,   0, "I-cache miss") \
	X(itb,      0, "ITB miss") \
	X(dcache,   0, "D-cache miss") \
	X(dtb,      0, "DTB miss") \
	X(wbuf,     0, "write buffer") \
	X(misp,     0, "branch mispredict") \
	X(imul,     0, "IMUL busy") \
	X(fdiv,     0, "FDIV busy") \
	X(sync,     0, "barrier, LDx_L/STx_C") \
	X(pal,      0, "PALcode") \
	X(xblock,   0, "from a preceding block") \
	X(unexpl,   0, "unexplained stall") \
	X(noise,    0, "net sampling error") \
	X(dep_int,  1, "int dependency") \
	X(dep_cmov, 1, "cmov/2-cycle dependency") \
	X(dep_load, 1, "load dependency") \
	X(dep_imul, 1, "imul dependency") \
	X(dep_fp,   1, "FP dependency") \
	X(dep_fdiv, 1, "FP divide dependency") \
	X(unit,     1, "unit busy") \
	X(slot,     1, "slotting") \
	X(exec,     2, "execution") \
	X(nops,     2, "nops") \
	X(profiling, 3, "sampling interrupts")

enum an_wcg_cat {
#define X(id, g, label) AN_WCG_##id,
	AN_WCG_CATS(X)
#undef X
	AN_WCG_N,
	AN_WCG_none = AN_WCG_unexpl      /* the culprit '?' */
};
enum { AN_WCG_GROUPS = 4 };

struct an_wcg_info {
	const char *name, *label;
	int group;
};
extern const struct an_wcg_info an_wcg_table[AN_WCG_N];
extern const char *const an_wcg_group_name[AN_WCG_GROUPS];

/* Cycles of a scope by category. */
struct an_wcg {
	double lo[AN_WCG_N], hi[AN_WCG_N];   /* estimated range, cycles      */
	double group[AN_WCG_GROUPS];          /* estimated subtotals         */
	double total;                         /* estimated cycles            */
	bool have_truth;
	double truth[AN_WCG_N];               /* the truth's cycles          */
	double truth_group[AN_WCG_GROUPS];
	double truth_total;
	double samples;                       /* CYCLES samples added        */
	bool have_pm;
	double pm[AN_WCG_N];                  /* the records' cycles          */
	double pm_group[AN_WCG_GROUPS];
	double pm_total;
};

/* Add the instructions of a (with their truth when a has one, and
 * their instruction-sampling records' split when pm is not NULL). */
void an_wcg_add(struct an_wcg *w, const struct an_proc *a, const struct an_pm *pm);

/* The table dcpiwhatcg prints: per group its categories, the estimate
 * as a range where it is one, the truth beside it when there is one,
 * the records' column when there are records, the subtotals and the
 * total, each line after prefix.  brief: leave
 * out the categories with neither estimated nor true cycles. */
void an_wcg_print(const struct an_wcg *w, FILE *f, const char *prefix, bool brief);

/* What the table's ranges mean, one line without its end (docs/
 * analysis.md, "dcpiwhatcg"), which dcpiwhatcg and alphasim's summary
 * print after a table with a range; and whether w has one. */
extern const char an_wcg_range_note[];
bool an_wcg_has_range(const struct an_wcg *w);

/* The truth's cycles of instruction i by category (all 0 without a
 * record). */
void an_wcg_truth(const struct an_proc *a, size_t i, double out[AN_WCG_N]);

/* Instruction i's cycles by category from its instruction-sampling
 * records, split as the truth's. */
void an_wcg_pm(const struct an_pm *pm, const struct an_proc *a, size_t i, double out[AN_WCG_N]);

/* Instruction i's true dynamic stall as the analysis sees it (the
 * dynamic categories of an_wcg_truth): its cycles per execution into
 * *per_exec, and the category with the most of them (-1: none), named
 * in *name by the truth cause with the most cycles in it (dmiss_s,
 * bmisp, ...), or by the category when no dynamic cause gave it (a unit
 * or a result from another block: imul, fdiv, xblock). */
int an_wcg_true_stall(const struct an_proc *a, size_t i, double *per_exec, const char **name);

/* The same from instruction i's instruction-sampling records (their
 * split, an_wcg_pm): the records' culprit, by the rule the truth's main
 * cause is found by, so that a unit kept busy from another block is
 * "imul" or "fdiv" for both; but their dynamic stall cycles, not per
 * execution, into *cycles (a killed instruction's records have cycles
 * and no executions).  an_wcg_pm_culprit: the name, or "-" without
 * records or dynamic stall. */
int an_wcg_pm_stall(const struct an_pm *pm, const struct an_proc *a, size_t i, double *cycles,
                    const char **name);
const char *an_wcg_pm_culprit(const struct an_pm *pm, const struct an_proc *a, size_t i);

/* Instruction i's static schedule less its issue cycle, by cause
 * (AN_NSTATIC entries); returns the issue cycles per execution (0 or 1). */
unsigned an_wcg_static_split(const struct an_sched_insn *s, double out[AN_NSTATIC]);

/* The category of truth cause c (enum truth_cause). */
enum an_wcg_cat an_wcg_of_cause(unsigned c);

#endif
