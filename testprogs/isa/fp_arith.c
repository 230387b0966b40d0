/*
 * fp_arith.c - IEEE ADD, SUB, MUL and DIV in S and T format with
 * software completion (/SU, /SUI) in every rounding mode: /C, /M,
 * normal, and /D with each FPCR<DYN> (Alpha Architecture Reference
 * Manual, 4th ed., 4.7.6 rounding, 4.7.7 trapping modes, 4.10; appendix
 * B).  Every edge value is crossed with every other, then random pairs;
 * each line is the result register and the FPCR afterwards.  Linux's
 * FPCR disables every IEEE trap, so nothing here traps (fp_trap.c covers
 * the trapping forms).
 */
#include "fp_common.h"

#define ARITH(X, q) X(adds, q, 1) X(subs, q, 1) X(muls, q, 1) X(divs, q, 1) \
                    X(addt, q, 0) X(subt, q, 0) X(mult, q, 0) X(divt, q, 0)
#define QUALS(X) ARITH(X, sui) ARITH(X, suic) ARITH(X, suim) \
                 ARITH(X, suid) ARITH(X, su) ARITH(X, sud)

#define DEF(op, q, s) OP2(op##_##q, #op "/" #q)
QUALS(DEF)

static const struct variant {
	const char *name;
	fp_fn fn;
	int s;                  /* S format */
	int edges;              /* cross the edge values too */
	unsigned random;        /* random pairs */
	uint64_t dyn;           /* FPCR<DYN> for /D forms */
} variants[] = {
#define V(op, q, s, e, n, dyn) { #op "/" #q, op##_##q, s, e, n, dyn },
#define FULL(op, q, s) V(op, q, s, 1, 1000, 2)
	ARITH(FULL, sui) ARITH(FULL, suic) ARITH(FULL, suim)
#define PLUS(op, q, s) V(op, q, s, 1, 1000, 3)
	ARITH(PLUS, suid)
#define LESS(op, q, s) V(op, q, s, 0, 500, 2)
	ARITH(LESS, su)
#define DYN0(op, q, s) V(op, q, s, 0, 300, 0)
#define DYN1(op, q, s) V(op, q, s, 0, 300, 1)
#define DYN2(op, q, s) V(op, q, s, 0, 300, 2)
	ARITH(DYN0, sud) ARITH(DYN1, sud) ARITH(DYN2, sud)
};

static void one(const struct variant *v, uint64_t a, uint64_t b)
{
	uint64_t f, r = fp_run(v->fn, (LINUX_FPCR & ~FPCR_DYN_MASK) | FPCR_DYN(v->dyn),
	                       a, b, &f);
	put_value(r, 1, a, b);
	put_fpcr(f);
	put_end();
}

int main(void)
{
	fp_start("fp_arith");
	for (unsigned k = 0; k < N_OF(variants); k++) {
		const struct variant *v = &variants[k];
		unsigned n = v->s ? N_OF(s_edges) : N_OF(t_edges);
		tio_printf("%s dyn %d\n", v->name, (int)v->dyn);
		for (unsigned i = 0; v->edges && i < n; i++)
			for (unsigned j = 0; j < n; j++) {
				uint64_t a = v->s ? s2r(s_edges[i]) : t_edges[i];
				uint64_t b = v->s ? s2r(s_edges[j]) : t_edges[j];
				put_hex(i << 8 | j, 4);
				one(v, a, b);
			}
		for (unsigned i = 0; i < v->random; i++) {
			uint64_t a = v->s ? rng_s() : rng_t(), b = rng_near(a, v->s);
			put_hex(a, 16);
			put_hex(b, 16);
			one(v, a, b);
		}
	}
	return fp_end("");
}
