/*
 * anproc.h - the whole analysis of one procedure (docs/analysis.md): its
 * CFG, dominators, loops and equivalence classes, the static schedule of
 * its blocks (analysis/lib/sched.h), the frequency and CPI estimates from its
 * CYCLES samples (analysis/lib/freq.h), and the culprits of its dynamic
 * stalls (analysis/lib/culprit.h); and, when a truth is given, each
 * instruction's truth record beside the estimate.  The tools (dcpicalc,
 * dcpilist, dcpitopstalls, dcpiwhatcg, dcpiaccuracy) print what this
 * holds.
 *
 * With true_freq the truth's execution counts replace the frequency
 * estimate (each class gets the count its instructions ran), so that
 * CPI, stalls and culprits can be judged apart from the frequency.
 */
#ifndef ANALYSIS_ANPROC_H
#define ANALYSIS_ANPROC_H

#include "analysis/lib/antruth.h"
#include "analysis/lib/culprit.h"

struct an_proc_opts {
	struct an_freq_opts freq;    /* period and scale: the CYCLES event's  */
	struct an_culprit_opts cul;
	bool true_freq;              /* needs a truth                          */
	double profiling;            /* cycles each sampling interrupt costs   */
	                             /* the instruction it was taken before    */
	const bool *intr;            /* per column: its samples are interrupts */
	                             /* taken at the instruction (NULL: none)  */
};

struct an_proc {
	const struct an_image *im;
	size_t p;                    /* index in im->proc                      */
	struct an_cfg g;
	struct an_dom dom, pdom;
	struct an_loops L;
	struct an_equiv q;
	struct an_sched_insn *s;     /* per instruction of g                   */
	size_t nev;                  /* sample columns                         */
	double *samples;             /* nev x g.ninsn: column c at c x ninsn   */
	size_t cyc;                  /* the CYCLES column                      */
	struct an_estimate e;
	struct an_culprits *cul;
	const struct an_truth_insn **t;  /* per instruction, NULL: no record  */
	bool true_freq;
	double profiling;            /* an_proc_opts's                         */
	const bool *intr;
};

/* What an_proc_analyze is given: the procedure, its samples, the truth,
 * the schedule and the options. */
struct an_proc_in {
	const struct an_image *im;
	size_t p;                    /* the procedure: index in im->proc       */
	const struct an_sched *sched;
	double *samples;             /* nev columns of its instructions        */
	                             /* (malloc'd, taken over: an_proc_free    */
	                             /* frees it, after a failure too)         */
	size_t nev;
	size_t cyc;                  /* the CYCLES column                      */
	long imiss;                  /* the IMISS column, -1: none             */
	const struct an_truth_image *ti;  /* the image's truth, NULL: none     */
	struct an_proc_opts o;
};

/* Analyse procedure in->p of in->im into a.  False with one message
 * naming the procedure; free a with an_proc_free either way. */
bool an_proc_analyze(struct an_proc *a, const struct an_proc_in *in, char *err, size_t errlen);
void an_proc_free(struct an_proc *a);

/* Instruction i's samples of column c. */
static inline double an_proc_samples(const struct an_proc *a, size_t c, size_t i)
{
	return a->samples[c * a->g.ninsn + i];
}

/* The profiler's own cycles at instruction i: every counter sample
 * there is an interrupt taken before it, whose PALcode and return it
 * paid (the truth's profiling, docs/truth-format.md).  Instruction
 * sampling's columns are not: their records are of the tagged
 * instruction, not where the interrupt was taken, and their sums are
 * cycles and events (docs/analysis.md, "dcpiwhatcg"). */
static inline double an_proc_profiling(const struct an_proc *a, size_t i)
{
	double n = 0;
	for (size_t c = 0; a->intr && c < a->nev; c++)
		if (a->intr[c])
			n += an_proc_samples(a, c, i);
	return n * a->profiling;
}

/* The procedure's name. */
static inline const char *an_proc_name(const struct an_proc *a)
{
	return a->im->proc[a->p].name;
}

/* The true CPI of instruction i (NAN without a record or executions). */
double an_proc_true_cpi(const struct an_proc *a, size_t i);

/* Is instruction i a no-op (UNOP, NOP, FNOP: an operate writing R31 or
 * F31 with no other effect)? */
bool an_proc_is_nop(const struct an_proc *a, size_t i);

#endif
