/*
 * whatcg.c - cycles by category, estimated and true (analysis/lib/whatcg.h).
 */
#include "analysis/lib/whatcg.h"
#include "isa/isa.h"
#include <math.h>

const struct an_wcg_info an_wcg_table[AN_WCG_N] = {
#define X(id, g, label) { #id, label, g },
	AN_WCG_CATS(X)
#undef X
};
const char *const an_wcg_group_name[AN_WCG_GROUPS] = { "dynamic", "static", "execution",
                                                          "profiling" };

/* The dynamic categories are the culprits, in culprit.def's order. */
#define CULPRIT(id, letter, truth, desc) \
	_Static_assert((int)AN_WCG_##id == (int)AN_C_##id, \
	               "whatcg's dynamic categories follow culprit.def");
#include "analysis/lib/culprit.def"
#undef CULPRIT

enum an_wcg_cat an_wcg_of_cause(unsigned c)
{
	if (c == TC_idle)
		return AN_WCG_unexpl;
	if (c == TC_profiling)
		return AN_WCG_profiling;
	if (c >= AN_STATIC_FIRST && c <= AN_STATIC_LAST)
		return (enum an_wcg_cat)(AN_WCG_dep_int + (c - AN_STATIC_FIRST));
	for (unsigned k = 0; k < AN_C_none; k++)
		if (an_culprit_table[k].truth >> c & 1)
			return (enum an_wcg_cat)k;
	return AN_WCG_unexpl;
}

/* Take off v[0..n) until got reaches want: v[first] first when it has
 * any (first < n; n: none first), then the largest each time; returns
 * got with what was taken. */
static double take(double *v, unsigned n, unsigned first, double want, double got)
{
	for (bool again = false; got < want; again = true) {
		unsigned k = first < n ? first : 0;
		if (again || first >= n || v[k] <= 0)
			for (unsigned j = 0; j < n; j++)
				if (v[j] > v[k])
					k = j;
		double t = fmin(v[k], want - got);
		if (t <= 0)
			break;
		v[k] -= t;
		got += t;
	}
	return got;
}

/* Take up to `cycles` off the static causes v: slotting first, then the
 * largest; returns what was taken. */
static double take_issue(double v[AN_NSTATIC], double cycles)
{
	return take(v, AN_NSTATIC, TC_slot - AN_STATIC_FIRST, cycles, 0);
}

unsigned an_wcg_static_split(const struct an_sched_insn *s, double out[AN_NSTATIC])
{
	for (unsigned k = 0; k < AN_NSTATIC; k++)
		out[k] = s->cause[k];
	return s->m ? (unsigned)take_issue(out, 1) : 0;
}

/* The category a unit wait from another block goes to: a multiply or
 * divide waits for its unit's culprit; any other (the E0 write-back slot
 * of a multiply in the block before) is a static cause of a preceding
 * block's, as a result or a slot from there is. */
static enum an_wcg_cat unit_of(const struct an_proc *a, size_t i)
{
	unsigned op = a->g.op[i], lat = op < OP_COUNT ? isa_table[op].lat : L_NONE;
	if (lat == L_IMULL || lat == L_IMULQ || lat == L_UMULH)
		return AN_WCG_imul;
	if (lat == L_FDIVS || lat == L_FDIVT)
		return AN_WCG_fdiv;
	return AN_WCG_xblock;
}

/* n executions of instruction i with head cycles cause[TC_N] into out
 * by category (the truth's split, whatcg.h; the records' the same way) */
static void split(const struct an_proc *a, size_t i, double n, const double cause[TC_N],
                  double out[AN_WCG_N])
{
	double st[AN_NSTATIC];
	for (unsigned c = 0; c < TC_N; c++) {
		double v = cause[c];
		if (c < AN_STATIC_FIRST || c > AN_STATIC_LAST) {
			out[an_wcg_of_cause(c)] += v;
			continue;
		}
		unsigned k = c - AN_STATIC_FIRST;
		st[k] = fmin(v, n * a->s[i].cause[k]);
		out[c == TC_unit ? unit_of(a, i) : AN_WCG_xblock] += v - st[k];
	}
	/* its issue cycles: from its static cycles, or where a dynamic cause
	 * held through the cycle it issued, from the largest of those (as
	 * the estimate's stall is its cycles beyond n M_i) */
	double need = a->s[i].m ? n : 0, issue = take_issue(st, need);
	unsigned ndyn = AN_WCG_unexpl - AN_WCG_icache + 1;
	issue = take(out + AN_WCG_icache, ndyn, ndyn, need, issue);
	out[an_proc_is_nop(a, i) ? AN_WCG_nops : AN_WCG_exec] += issue;
	for (unsigned k = 0; k < AN_NSTATIC; k++)
		out[AN_WCG_dep_int + k] += st[k];
}

void an_wcg_truth(const struct an_proc *a, size_t i, double out[AN_WCG_N])
{
	const struct an_truth_insn *t = a->t[i];
	double cause[TC_N];
	for (unsigned k = 0; k < AN_WCG_N; k++)
		out[k] = 0;
	if (!t)
		return;
	for (unsigned c = 0; c < TC_N; c++)
		cause[c] = (double)t->cause[c];
	split(a, i, (double)t->count, cause, out);
}

void an_wcg_pm(const struct an_pm *pm, const struct an_proc *a, size_t i, double out[AN_WCG_N])
{
	double cause[TC_N];
	for (unsigned k = 0; k < AN_WCG_N; k++)
		out[k] = 0;
	an_pm_head_cycles(pm, a, i, cause);
	split(a, i, an_pm_count(pm, a, i), cause, out);
}

/* A split of instruction i's cycles by what the analysis found there:
 * where the culprit analysis found no stall, its dynamic stall is too
 * small to tell from the sampling noise, so it is "net sampling error",
 * as the estimate's is (analysis/lib/whatcg.h). */
static void as_estimated(const struct an_culprits *cu, double t[AN_WCG_N])
{
	for (unsigned k = 0; !cu->stalled && k < AN_WCG_noise; k++)
		if (an_wcg_table[k].group == 0) {
			t[AN_WCG_noise] += t[k];
			t[k] = 0;
		}
}

void an_wcg_add(struct an_wcg *w, const struct an_proc *a, const struct an_pm *pm)
{
	const struct an_estimate *e = &a->e;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_insn_est *x = &e->insn[i];
		bool nop = an_proc_is_nop(a, i);
		const struct an_culprits *cu = &a->cul[i];
		if (pm) {
			double p[AN_WCG_N];
			an_wcg_pm(pm, a, i, p);
			as_estimated(cu, p);
			for (unsigned k = 0; k < AN_WCG_N; k++) {
				w->pm[k] += p[k];
				w->pm_total += p[k];
			}
			w->have_pm = true;
		}
		if (a->t[i]) {
			double t[AN_WCG_N];
			an_wcg_truth(a, i, t);
			as_estimated(cu, t);
			for (unsigned k = 0; k < AN_WCG_N; k++)
				w->truth[k] += t[k];
			w->truth_total += (double)a->t[i]->head;
			w->have_truth = true;
		}
		double n = x->count > 0 ? x->count : 0;
		double st[AN_NSTATIC];
		unsigned issue = an_wcg_static_split(&a->s[i], st);
		w->lo[nop ? AN_WCG_nops : AN_WCG_exec] += n * issue;
		for (unsigned k = 0; k < AN_NSTATIC; k++)
			w->lo[AN_WCG_dep_int + k] += n * st[k];
		double prof = an_proc_profiling(a, i);
		w->lo[AN_WCG_profiling] += prof;
		double stall = x->cycles - n * x->m - prof;
		if (cu->stalled) {
			unsigned listed = 0;
			for (unsigned c = 0; c < AN_C_N; c++)
				listed += cu->set >> c & 1;
			for (unsigned c = 0; c < AN_C_N; c++) {
				if (!(cu->set >> c & 1))
					continue;
				enum an_wcg_cat k = (enum an_wcg_cat)c;
				w->hi[k] += stall;
				if (listed == 1)
					w->lo[k] += stall;
			}
		} else {
			w->lo[AN_WCG_noise] += stall;
			w->hi[AN_WCG_noise] += stall;
		}
		w->group[0] += stall;
		w->total += x->cycles;
		w->samples += x->samples;
	}
	/* static and execution categories are exact */
	for (unsigned k = 0; k < AN_WCG_N; k++)
		if (an_wcg_table[k].group)
			w->hi[k] = w->lo[k];
	double t[AN_WCG_GROUPS] = { 0 };
	for (unsigned g = 1; g < AN_WCG_GROUPS; g++)
		w->group[g] = 0;
	for (unsigned k = 0; k < AN_WCG_N; k++) {
		if (an_wcg_table[k].group)
			w->group[an_wcg_table[k].group] += w->lo[k];
		t[an_wcg_table[k].group] += w->truth[k];
	}
	for (unsigned g = 0; g < AN_WCG_GROUPS; g++)
		w->truth_group[g] = t[g];
	for (unsigned g = 0; g < AN_WCG_GROUPS; g++)
		w->pm_group[g] = 0;
	for (unsigned k = 0; k < AN_WCG_N; k++)
		w->pm_group[an_wcg_table[k].group] += w->pm[k];
}

/* The main dynamic stall of cycles split by category into cat and by
 * cause into cause[TC_N] (an_wcg_true_stall's and an_wcg_pm_stall's one
 * rule): the dynamic category with the most cycles (-1: none), named in
 * *name; the dynamic categories' cycles into *stall. */
static int main_stall(const double cat[AN_WCG_N], const double cause[TC_N], double *stall,
                      const char **name)
{
	double most = 0;
	int best = -1;
	*stall = 0;
	for (unsigned k = 0; k < AN_WCG_N; k++) {
		if (an_wcg_table[k].group || k == AN_WCG_noise)
			continue;
		*stall += cat[k];
		if (cat[k] > 0 && (best < 0 || cat[k] > cat[best]))
			best = (int)k;
	}
	*name = best >= 0 ? an_wcg_table[best].name : "";
	for (unsigned c = 0; best >= 0 && c < TC_N; c++)
		if (an_truth_dynamic(c) && an_wcg_of_cause(c) == (enum an_wcg_cat)best &&
		    cause[c] > most) {
			most = cause[c];
			*name = an_truth_cause_name[c];
		}
	return best;
}

int an_wcg_true_stall(const struct an_proc *a, size_t i, double *per_exec, const char **name)
{
	const struct an_truth_insn *t = a->t[i];
	double cat[AN_WCG_N], cause[TC_N], stall;
	an_wcg_truth(a, i, cat);
	for (unsigned c = 0; c < TC_N; c++)
		cause[c] = t ? (double)t->cause[c] : 0;
	int best = main_stall(cat, cause, &stall, name);
	*per_exec = t && t->count ? stall / (double)t->count : NAN;
	return best;
}

int an_wcg_pm_stall(const struct an_pm *pm, const struct an_proc *a, size_t i, double *cycles,
                    const char **name)
{
	double cat[AN_WCG_N], cause[TC_N];
	an_wcg_pm(pm, a, i, cat);
	an_pm_head_cycles(pm, a, i, cause);
	return main_stall(cat, cause, cycles, name);
}

const char *an_wcg_pm_culprit(const struct an_pm *pm, const struct an_proc *a, size_t i)
{
	double cycles;
	const char *name;
	return an_wcg_pm_stall(pm, a, i, &cycles, &name) >= 0 ? name : "-";
}

static double pct(double v, double total)
{
	return total > 0 ? 100 * v / total : 0;
}

const char an_wcg_range_note[] = "LOW% - HIGH%: stalls with several possible culprits; "
	"at least those where this is the only one, at most all where it is listed";

bool an_wcg_has_range(const struct an_wcg *w)
{
	for (int i = 0; i < AN_WCG_N; i++)
		if (w->hi[i] > w->lo[i])
			return true;
	return false;
}

void an_wcg_print(const struct an_wcg *w, FILE *f, const char *prefix, bool brief)
{
	bool truth = w->have_truth, pm = w->have_pm;
	fprintf(f, "%s  %-26s %17s%s%s\n", prefix, "", "estimate", pm ? "   records" : "",
	        truth ? "     truth" : "");
	for (int g = 0; g < AN_WCG_GROUPS; g++) {
		fprintf(f, "%s%c%s\n", prefix, an_wcg_group_name[g][0] - 'a' + 'A',
		        an_wcg_group_name[g] + 1);
		for (unsigned c = 0; c < AN_WCG_N; c++) {
			if (an_wcg_table[c].group != g)
				continue;
			double lo = pct(w->lo[c], w->total), hi = pct(w->hi[c], w->total);
			double t = pct(w->truth[c], w->truth_total), p = pct(w->pm[c], w->pm_total);
			if (brief && fabs(lo) < 0.005 && fabs(hi) < 0.005 && (!truth || t < 0.005) &&
			    (!pm || p < 0.005))
				continue;
			char r[32];
			if (fabs(hi - lo) < 0.005)
				snprintf(r, sizeof r, "%7.2f%%", lo);
			else
				snprintf(r, sizeof r, "%6.2f%% - %6.2f%%", lo, hi);
			fprintf(f, "%s  %-26s %17s", prefix, an_wcg_table[c].label, r);
			if (pm)
				fprintf(f, " %8.2f%%", p);
			if (truth)
				fprintf(f, " %8.2f%%", t);
			fputc('\n', f);
		}
		fprintf(f, "%s  %-26s %16.2f%%", prefix, "subtotal", pct(w->group[g], w->total));
		if (pm)
			fprintf(f, " %8.2f%%", pct(w->pm_group[g], w->pm_total));
		if (truth)
			fprintf(f, " %8.2f%%", pct(w->truth_group[g], w->truth_total));
		fputc('\n', f);
	}
	fprintf(f, "%s%-28s %16.2f%%", prefix, "Total", w->total > 0 ? 100.0 : 0);
	if (pm)
		fprintf(f, " %8.2f%%", w->pm_total > 0 ? 100.0 : 0);
	if (truth)
		fprintf(f, " %8.2f%%", w->truth_total > 0 ? 100.0 : 0);
	fprintf(f, "\n%s%-28s %17.0f", prefix, "  cycles", w->total);
	if (pm)
		fprintf(f, " %9.0f", w->pm_total);
	if (truth)
		fprintf(f, " %9.0f", w->truth_total);
	fputc('\n', f);
}
