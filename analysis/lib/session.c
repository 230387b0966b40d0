/*
 * session.c - the tools' shared driver (analysis/lib/session.h).
 */
#include "analysis/lib/session.h"
#include "daemon/handcost.h"
#include "daemon/profdb.h"
#include "util/fail.h"
#include "util/paths.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- opening ------------------------------------------------------------ */

/* The database's CYCLES samples must be the truth run's: an image the
 * truth does not know, samples at instructions the run never executed,
 * or a program whose samples stand for far more or fewer cycles than
 * the truth gives its instructions (another run of it with other input,
 * or other epochs merged in) mean another run.  The margin is wide: the
 * sampling's blind spots make samples x period exceed the cycles by up
 * to 15% at the shortest periods (docs/analysis.md, "Accuracy").  The
 * kernel's cycles are not compared: the truth has its boot, before
 * sampling began, and its interrupt handlers, which samples cannot see. */
#define RATIO_MAX 1.4
#define RATIO_MIN 0.7

static bool truth_matches(const struct an_session *s, char *err, size_t errlen)
{
	const struct report *r = &s->rep;
	const char *hint = s->o.epoch ? "" : " (one epoch's truth? see --epoch)";
	for (size_t i = 0; i < r->nimages; i++) {
		const struct report_image *ri = &r->images[i];
		if (ri->kind == PROF_UNKNOWN || !ri->samples[s->cyc])
			continue;
		const struct an_truth_image *ti = an_truth_image(&s->truth, ri->path, ri->id);
		if (!ti)
			FAIL("%s: not this database's run: it has no image %s (id 0x%016llx)%s",
			     s->o.truth, ri->path, (unsigned long long)ri->id, hint);
		if (!ri->have[s->cyc])
			continue;
		const struct prof *p = &ri->prof[s->cyc];
		uint64_t never = 0;
		double head = 0;
		for (size_t k = 0; k < ti->n; k++)
			head += (double)ti->r[k].head;
		for (size_t k = 0; k < p->n; k++) {
			const struct an_truth_insn *t = an_truth_at(ti, p->e[k].offset);
			if (!t || !t->head)
				never += p->e[k].count;
		}
		/* a sample lands on the instruction at the head of the issue
		 * stage: it had head cycles */
		if (never * 100 > p->samples && never > 2)
			FAIL("%s: not this database's run: %llu of the %llu cycles samples of %s "
			     "are at instructions it never ran%s", s->o.truth,
			     (unsigned long long)never, (unsigned long long)p->samples, ri->path,
			     hint);
		/* samples held back while PALcode ran land where it returns
		 * to: a program that misses the DTB all the time has many more
		 * samples than cycles of its own (the upper bound counts
		 * every PALcode cycle of the run as possibly its) */
		double n = (double)p->samples, ratio = n * p->period / head;
		double most = n * p->period / (head + (double)s->truth.pal_head);
		double noise = 4 / sqrt(n);
		if (ri->kind == PROF_USER && n >= 100 &&
		    (most > RATIO_MAX + noise || ratio < RATIO_MIN - noise))
			FAIL("%s: not this database's run: the samples of %s stand for %.0f cycles, "
			     "the run gave it %.0f (and PALcode %.0f in all)%s", s->o.truth, ri->path,
			     n * p->period, head, (double)s->truth.pal_head, hint);
	}
	return true;
}

/* The driver's measure of its handler in the epochs read (docs/dcpi.md,
 * "The handler's own cost"), to the cycles each CYCLES interrupt hides
 * from the CYCLES samples: from the counter's reload to the handler's
 * end, plus what RPCC cannot see (AN_HANDLER_UNSEEN_CYCLES).  Another
 * event's interrupt hides none: the CYCLES counter counts its handler,
 * and an overflow there is taken in the kernel's way back, at IPL 0 in
 * user_return, so those cycles are the kernel's samples
 * (docs/accuracy.md, "The handler's hidden cycles"). */
static bool read_costs(struct an_session *s, char *err, size_t errlen)
{
	unsigned *epochs = NULL, one = s->o.epoch;
	size_t n = 1;
	if (!one && !profdb_epochs(s->o.db, &epochs, &n, err, errlen))
		return false;
	struct pcount_cost cost[PEV_COUNT] = { { 0 } };
	bool ok = true;
	for (size_t k = 0; ok && k < n; k++) {
		char dir[4096];
		bool found;
		profdb_epoch_dir(dir, sizeof dir, s->o.db, epochs ? epochs[k] : one);
		ok = handcost_read(dir, cost, &found, err, errlen);
		s->hidden_epochs += found;
	}
	free(epochs);
	s->epochs = (unsigned)n;
	const struct pcount_cost *cyc = &cost[PEV_CYCLES];
	if (!ok || !cyc->interrupts)
		s->hidden_epochs = 0;
	else
		s->hidden = AN_HANDLER_UNSEEN_CYCLES +
		            (double)cyc->after_reload / (double)cyc->interrupts;
	return ok;
}

void an_session_hidden_label(const struct an_session *s, char *buf, size_t len)
{
	if (s->o.handler >= 0)
		snprintf(buf, len, "handler cycles per interrupt: %.0f (--handler-cycles)",
		         s->o.handler);
	else if (!s->hidden_epochs)
		snprintf(buf, len, "handler cycles per interrupt: 0, not measured (a database "
		         "from before the driver measured its handler; --handler-cycles N sets "
		         "them)");
	else
		snprintf(buf, len, "handler cycles per interrupt: %.0f (cycles; the driver's "
		         "measure + %d it cannot see%s)", s->hidden, AN_HANDLER_UNSEEN_CYCLES,
		         s->hidden_epochs < s->epochs ? "; measured in some epochs only" : "");
}

bool an_session_open(struct an_session *s, const struct an_session_opts *o, char *err,
                     size_t errlen)
{
	memset(s, 0, sizeof *s);
	s->o = *o;
	s->imiss = -1;
	if (!report_read(&s->rep, o->db, o->epoch, o->image ? o->image : REPORT_ALL, err, errlen))
		return false;
	const struct report_image *named = NULL;
	for (size_t i = 0; o->image && i < s->rep.nimages; i++) {
		if (!s->rep.images[i].chosen)
			continue;
		if (named) {
			snprintf(err, errlen, "'%s' names more than one image: %s and %s", o->image,
			         named->path, s->rep.images[i].path);
			an_session_close(s);
			return false;
		}
		named = &s->rep.images[i];
	}
	if (o->image && !named) {
		snprintf(err, errlen, "%s: no image '%s' (dcpiprof -db %s lists them)", o->db,
		         o->image, o->db);
		an_session_close(s);
		return false;
	}
	long c = report_col_of(&s->rep, "cycles");
	if (c < 0 || !s->rep.cols[c].samples || (named && !named->samples[c])) {
		snprintf(err, errlen, "%s: no cycles samples%s%s: the analysis needs CYCLES "
		         "(dcpid --events cycles,...)", o->db, named ? " of " : "",
		         named ? named->path : "");
		an_session_close(s);
		return false;
	}
	s->cyc = (size_t)c;
	s->imiss = report_col_of(&s->rep, "imiss");
	for (size_t k = 0; k < s->rep.ncols; k++)
		s->intr[k] = report_kind_of(s->rep.cols[k].name) == REPORT_SAMPLES;
	if (o->handler < 0 && !read_costs(s, err, errlen)) {
		an_session_close(s);
		return false;
	}
	/* imiss is DCPI's heuristic less the I-cache misses IMISS counted:
	 * without them it is DCPI's, and says so */
	uint64_t misses = s->imiss < 0 ? 0
		: named ? named->samples[s->imiss] : s->rep.cols[s->imiss].samples;
	if (s->o.est == AN_EST_imiss && !misses) {
		s->o.est = AN_EST_dcpi;
		s->est_fallback = true;
	}
	params_default(&s->params);
	if (o->truth) {
		if (!an_truth_load(&s->truth, o->truth, err, errlen)) {
			an_session_close(s);
			return false;
		}
		s->have_truth = true;
		s->params = s->truth.params;
		if (!truth_matches(s, err, errlen)) {
			an_session_close(s);
			return false;
		}
	}
	an_issue_sched_init(&s->sched, &s->params);
	return true;
}

const char *an_session_est_label(const struct an_session *s)
{
	if (s->o.true_freq)
		return "truth (--true-freq)";
	if (s->est_fallback)
		return "dcpi: no IMISS samples for imiss";
	return an_estimator_name[s->o.est];
}

void an_session_close(struct an_session *s)
{
	report_free(&s->rep);
	if (s->have_truth)
		an_truth_free(&s->truth);
	an_issue_sched_free(&s->sched);
	memset(s, 0, sizeof *s);
}

/* ---- running ------------------------------------------------------------ */

static void skip(const struct an_visitor *v, const struct an_session *s, const char *what,
                 uint64_t samples, const char *why)
{
	if (v->skipped && samples)
		v->skipped(v->skips, s, what, samples, why);
}

static void proc_opts(const struct an_session *s, const struct an_profimage *pi,
                      struct an_proc_opts *po)
{
	an_freq_defaults(&po->freq);
	po->freq.est = s->o.est;
	po->freq.period = pi->ev[s->cyc].period;
	po->freq.scale = pi->ev[s->cyc].scale;
	an_culprit_defaults(&po->cul, &s->params);
	if (s->imiss >= 0 && pi->ri->have[s->imiss]) {
		po->cul.imiss_period = pi->ev[s->imiss].period * pi->ev[s->imiss].scale;
		po->freq.imiss_period = po->cul.imiss_period;
	}
	po->freq.imiss_cost = (double)s->params.lat_scache;
	/* every sample of the image, of any event, was an interrupt taken
	 * while it ran, whose hidden cycles its CYCLES samples count */
	double all = 0, cyc = (double)pi->ri->samples[s->cyc];
	for (size_t c = 0; c < s->rep.ncols; c++)
		all += (double)pi->ri->samples[c];
	if (cyc > 0)
		po->freq.hidden = s->o.handler >= 0 ? s->o.handler * all / cyc : s->hidden;
	po->true_freq = s->o.true_freq;
	po->profiling = s->o.profiling;
	po->intr = s->intr;
}

/* Procedure p of the image: its samples, analysed, to the visitor.  A
 * procedure that cannot be analysed is an error when named, else
 * skipped. */
static bool one_proc(struct an_session *s, const struct an_visitor *v,
                     const struct an_profimage *pi, const struct an_truth_image *ti, size_t p,
                     char *err, size_t errlen)
{
	const struct an_proc_sym *ps = &pi->im.proc[p];
	size_t n = ps->size / 4, nev = s->rep.ncols;
	double *samples = calloc(nev * n + 1, sizeof *samples);
	if (!samples)
		FAIL("out of memory");
	for (size_t c = 0; c < nev; c++)
		an_profimage_samples(pi, c, ps->addr, n, samples + c * n);
	double cyc = 0;
	for (size_t i = 0; i < n; i++)
		cyc += samples[s->cyc * n + i];
	if (!cyc && !s->o.proc) {
		free(samples);
		return true;
	}
	struct an_proc a;
	const struct an_sched sched = an_issue_sched(&s->sched);
	struct an_proc_in in = { .im = &pi->im, .p = p, .sched = &sched, .samples = samples,
	                         .nev = nev, .cyc = s->cyc, .imiss = s->imiss, .ti = ti };
	proc_opts(s, pi, &in.o);
	char why[512];
	bool ok = an_proc_analyze(&a, &in, why, sizeof why);
	if (ok) {
		s->analysed += (uint64_t)cyc;
		ok = v->proc(v->arg, s, pi, &a);
		if (!ok)
			snprintf(err, errlen, "out of memory");
	} else if (s->o.proc) {
		snprintf(err, errlen, "%s", why);
	} else {
		skip(v, s, ps->name, (uint64_t)cyc, why);
		ok = true;
	}
	an_proc_free(&a);
	return ok;
}

static bool one_image(struct an_session *s, const struct an_visitor *v,
                      const struct report_image *ri, char *err, size_t errlen)
{
	uint64_t cyc = ri->samples[s->cyc];
	struct an_profimage pi;
	char why[PROF_ERR_MAX + 256];
	s->samples += cyc;
	if (!an_profimage_open(&pi, &s->rep, ri, &s->o.paths, why, sizeof why)) {
		an_profimage_close(&pi);
		if (s->o.image)
			FAIL("%s", why);
		skip(v, s, ri->path, cyc, why);
		return true;
	}
	if (!pi.im.had_symbols && s->o.image && !s->o.stripped_ok) {
		snprintf(err, errlen, "%s (%s): stripped: no symbol table to name its procedures "
		         "(give the unstripped file: --root, --sysroot, --kernel)", ri->path, pi.file);
		an_profimage_close(&pi);
		return false;
	}
	const struct an_truth_image *ti = s->have_truth
		? an_truth_image(&s->truth, ri->path, ri->id) : NULL;
	bool ok = true;
	if (s->o.proc) {
		long p = an_image_proc_named(&pi.im, s->o.proc);
		if (p < 0)
			snprintf(err, errlen, "%s (%s): no procedure '%s' (dcpiprof -db %s %s lists "
			         "them)", ri->path, pi.file, s->o.proc, s->o.db, ri->path);
		ok = p >= 0 && one_proc(s, v, &pi, ti, (size_t)p, err, errlen);
	} else {
		for (size_t p = 0; ok && p < pi.im.nproc; p++)
			ok = one_proc(s, v, &pi, ti, p, err, errlen);
		char what[PROF_PATH_MAX + 32];
		snprintf(what, sizeof what, "%s (no procedure)", ri->path);
		skip(v, s, what, an_profimage_outside(&pi, s->cyc), "outside every procedure");
	}
	an_profimage_close(&pi);
	return ok;
}

bool an_session_run(struct an_session *s, const struct an_visitor *v, char *err,
                    size_t errlen)
{
	s->samples = s->analysed = 0;
	for (size_t i = 0; i < s->rep.nimages; i++) {
		const struct report_image *ri = &s->rep.images[i];
		if (!ri->chosen || !ri->samples[s->cyc])
			continue;
		if (!one_image(s, v, ri, err, errlen))
			return false;
	}
	return true;
}
