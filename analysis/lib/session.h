/*
 * session.h - what every analysis tool does before it prints: read the
 * profile database (analysis/lib/report.h), the truth if given
 * (analysis/lib/antruth.h, checked against the database), set up the static
 * schedule from the machine description (analysis/lib/issuesched.h), and
 * run the analysis (analysis/lib/anproc.h) over a scope: the whole database,
 * one image, or one procedure.  The tools are thin: one visitor each.
 *
 * The machine description is the 21164's defaults, or with a truth the
 * parameters of the run it records (the machine the user profiled; the
 * truth's counts and cycles are never used by an estimate).
 */
#ifndef ANALYSIS_SESSION_H
#define ANALYSIS_SESSION_H

#include "analysis/lib/anproc.h"
#include "analysis/lib/issuesched.h"
#include "analysis/lib/profimage.h"

/* Cycles a sampling interrupt's PALcode (entry, the kernel's return
 * through CALL_PAL rti) and the pipeline's restart cost the instruction
 * it was taken before: a constant, the truth's profiling cycles over
 * the counter interrupts taken, measured on minios (docs/accuracy.md,
 * "What the truth calls what": 112 on the default workload, 107 on
 * dtb). */
#define AN_PROFILING_CYCLES 110
#define AN_PROFILING_CYCLES_TEXT "110"

/* The cycles of each sampling interrupt the driver's measure of itself
 * cannot see (docs/analysis.md, "The sampling's blind spot"): the
 * kernel's way back after the handler's last RPCC (trap_return and the
 * registers' restore), less the cycles the counter never counts (the
 * program's between the overflow and the interrupt, PALcode's entry);
 * a constant, measured on minios with the truth like
 * AN_PROFILING_CYCLES. */
#define AN_HANDLER_UNSEEN_CYCLES 165

struct an_session_opts {
	const char *db;              /* the database                         */
	unsigned epoch;              /* 0: every epoch merged                */
	const char *image;           /* NULL: every image                    */
	const char *proc;            /* NULL: every procedure with samples   */
	const char *truth;           /* NULL: none                           */
	bool true_freq;
	enum an_estimator est;
	double handler;              /* --handler-cycles: each interrupt's
	                                cycles the samples cannot see; < 0:
	                                the database's measure, else 0      */
	double profiling;            /* --profiling-cycles: each sampling
	                                interrupt's PALcode and return, paid
	                                by the instruction it interrupted    */
	struct report_paths paths;
	bool stripped_ok;            /* analyse a named image without symbols
	                                (procedures found from its code)     */
};

/* What every tool and alphasim's summary analyse with unless told
 * otherwise: the estimator and the sampling interrupts' cost (the
 * start of a struct an_session_opts initializer). */
#define AN_SESSION_DEFAULTS .est = AN_EST_imiss, .profiling = AN_PROFILING_CYCLES, \
	.handler = -1

struct an_session {
	struct an_session_opts o;
	struct report rep;
	struct an_truth truth;
	bool have_truth;
	struct params params;
	struct an_issue_sched sched;
	size_t cyc;                  /* the CYCLES column                    */
	long imiss;                  /* the IMISS column, -1                 */
	bool intr[REPORT_MAX_COLS];  /* columns of counter samples: each an
	                                interrupt taken at its instruction   */
	uint64_t samples;            /* CYCLES samples in the scope          */
	uint64_t analysed;           /* ... in procedures analysed           */
	bool est_fallback;           /* imiss was asked for, the scope has no
	                                IMISS samples: o.est is dcpi         */
	/* the cycles each CYCLES interrupt hides from the CYCLES samples,
	 * from the driver's measure of its handler in the epochs read
	 * (daemon/handcost.h), found in hidden_epochs of the epochs */
	double hidden;
	unsigned hidden_epochs, epochs;
};

/* Open the database and the truth; false with one message: no database,
 * no CYCLES samples, an unknown image (or one naming two), a truth that
 * cannot be read or is another run's. */
bool an_session_open(struct an_session *s, const struct an_session_opts *o, char *err,
                     size_t errlen);
void an_session_close(struct an_session *s);

/* The estimator the session runs, as a text header names it: the
 * truth's with --true-freq, and "dcpi: no IMISS samples for imiss" where
 * imiss, the default, had none to work on (docs/analysis.md, "A third
 * estimator"). */
const char *an_session_est_label(const struct an_session *s);

/* Where the cycles each interrupt hides from the samples came from, one
 * line for a text header: --handler-cycles, the driver's measure, or
 * none (a database from before the driver measured itself: 0, as
 * DCPI). */
void an_session_hidden_label(const struct an_session *s, char *buf, size_t len);

/* What the visitor is told besides each analysed procedure: an image or
 * a procedure whose samples could not be analysed, and why. */
struct an_visitor {
	bool (*proc)(void *arg, const struct an_session *s, const struct an_profimage *pi,
	             const struct an_proc *a);
	void (*skipped)(void *skips, const struct an_session *s, const char *what,
	                uint64_t samples, const char *why);
	void *arg, *skips;
};

/* Run the analysis over the scope, calling v for each procedure with
 * CYCLES samples in address order, image by image in the database's
 * order.  An image or procedure named in the options that cannot be
 * analysed (its file missing or stripped of its symbols, no such
 * procedure) is an error; in a wider scope it is reported to
 * v->skipped.  False with one message. */
bool an_session_run(struct an_session *s, const struct an_visitor *v, char *err,
                    size_t errlen);

#endif
