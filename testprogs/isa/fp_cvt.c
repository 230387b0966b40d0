/*
 * fp_cvt.c - the one-operand IEEE operates with software completion, in
 * every rounding mode: SQRTS and SQRTT (/SU, /SUI), CVTTS, CVTST/S,
 * CVTTQ (/SV, /SVI), CVTQS and CVTQT (plain and /SUI), CVTQL (plain and
 * /SV) and CVTLQ (Alpha Architecture Reference Manual, 4th ed., 4.7.6,
 * 4.7.7, 4.10; appendix B).  Edge values, then random ones (random
 * integers of every length and rounding ties for the integer inputs).
 * Each line is the input, the result register and the FPCR afterwards.
 * Nothing traps with Linux's FPCR (fp_trap.c covers the trapping forms).
 */
#include "fp_common.h"

/* The instructions and qualifiers under test. */
#define ROUNDINGS(X, op, t) X(op, t) X(op, t##c) X(op, t##m) X(op, t##d)
#define INSNS(X) \
	ROUNDINGS(X, sqrts, sui) ROUNDINGS(X, sqrtt, sui) \
	X(sqrts, su) X(sqrtt, su) \
	ROUNDINGS(X, cvtts, sui) X(cvtts, su) X(cvtst, s) \
	ROUNDINGS(X, cvttq, svi) ROUNDINGS(X, cvttq, sv) \
	ROUNDINGS(X, cvtqs, sui) ROUNDINGS(X, cvtqt, sui) \
	X(cvtqs, c) X(cvtqs, m) X(cvtqs, d) X(cvtqt, c) X(cvtqt, m) X(cvtqt, d) \
	X(cvtql, sv)
#define DEF(op, q) OP1(op##_##q, #op "/" #q)
INSNS(DEF)
OP1(cvtqs_n, "cvtqs")
OP1(cvtqt_n, "cvtqt")
OP1(cvtql_n, "cvtql")
OP1(cvtlq_n, "cvtlq")

/* What the operand is, and so which values it gets. */
enum input {
	IN_T, IN_S,     /* T or S values */
	IN_TS,          /* T values, many around the S range */
	IN_TQ,          /* T values, many around the quadword range */
	IN_Q,           /* quadword integers */
};

static const struct variant {
	const char *name;
	fp_fn fn;
	enum input in;
	int fp_out;             /* the result is an S or T value */
	uint64_t dyn;           /* FPCR<DYN> for /D forms */
	fp_fn partner;          /* the /I form whose INE this form records */
} variants[] = {
#define V(op, q, in, fp, dyn) { #op "/" #q, op##_##q, in, fp, dyn, 0 },
#define ALLMODES(op, q, in, fp) V(op, q, in, fp, 2) V(op, q##c, in, fp, 2) \
	V(op, q##m, in, fp, 2) V(op, q##d, in, fp, 3) V(op, q##d, in, fp, 0) \
	V(op, q##d, in, fp, 1)
	ALLMODES(sqrts, sui, IN_S, 1) ALLMODES(sqrtt, sui, IN_T, 1)
	V(sqrts, su, IN_S, 1, 2) V(sqrtt, su, IN_T, 1, 2)
	ALLMODES(cvtts, sui, IN_TS, 1) V(cvtts, su, IN_TS, 1, 2)
	V(cvtst, s, IN_S, 1, 2)
	ALLMODES(cvttq, svi, IN_TQ, 0) ALLMODES(cvttq, sv, IN_TQ, 0)
	ALLMODES(cvtqs, sui, IN_Q, 1) ALLMODES(cvtqt, sui, IN_Q, 1)
	/* The forms without /I: qemu-alpha does not record INE for them
	 * (docs/fp.md); the bare side checks it against the /SUI form. */
	{ "cvtqs", cvtqs_n, IN_Q, 1, 2, cvtqs_sui },
	{ "cvtqs/c", cvtqs_c, IN_Q, 1, 2, cvtqs_suic },
	{ "cvtqs/m", cvtqs_m, IN_Q, 1, 2, cvtqs_suim },
	{ "cvtqs/d", cvtqs_d, IN_Q, 1, 3, cvtqs_suid },
	{ "cvtqt", cvtqt_n, IN_Q, 1, 2, cvtqt_sui },
	{ "cvtqt/c", cvtqt_c, IN_Q, 1, 2, cvtqt_suic },
	{ "cvtqt/m", cvtqt_m, IN_Q, 1, 2, cvtqt_suim },
	{ "cvtqt/d", cvtqt_d, IN_Q, 1, 3, cvtqt_suid },
	{ "cvtql", cvtql_n, IN_Q, 0, 2, 0 },
	{ "cvtql/sv", cvtql_sv, IN_Q, 0, 2, 0 },
	{ "cvtlq", cvtlq_n, IN_Q, 0, 2, 0 },
};

/* Integer operands: limits of the conversions' ranges and exactness. */
static const uint64_t q_edges[] = {
	0, 1, 0xffffffffffffffff, 2, 3, 0x7fffffff, 0x80000000,
	0xffffffff80000000, 0xffffffff7fffffff, 0x100000000, 0xffffff,
	0x1000000, 0x1000001, 0x1000003, 0xfffffffffeffffff, 0x1fffffffffffff,
	0x20000000000000, 0x20000000000001, 0x20000000000003,
	0xffdfffffffffffff, 0x7fffffffffffffff, 0x8000000000000000,
	0x8000000000000001, 0x7ffffe0000000000, 0x7fffff8000000001,
	0x7ffffffffffffc00, 0x7ffffffffffffe00, 0x7ffffffffffffe01,
	0x4000000000000400, 0xc000000000000600,
};

/* T operands for CVTTQ: integers and halves around the range limits. */
static const uint64_t tq_edges[] = {
	0x43e0000000000000, 0xc3e0000000000000, 0x43dfffffffffffff,
	0xc3dfffffffffffff, 0x43e0000000000001, 0xc3e0000000000001,
	0x43f0000000000000, 0x43f0000000000001, 0xc3f0000000000003,
	0x4530000000000000, 0x47e0000000000001, 0x4330000000000000,
	0x432fffffffffffff, 0x4337ffffffffffff, 0xc337ffffffffffff,
	0x3fe0000000000000, 0xbfe0000000000000, 0x3fe0000000000001,
	0x4004000000000000, 0xc004000000000000, 0x400c000000000000,
	0x3fefffffffffffff, 0x41dfffffffc00000, 0xc1e0000000200000,
};

/* Random operands of each kind. */
static uint64_t rng_int(void)
{
	uint64_t v = rng() >> (rng() % 64);
	if (rng() % 4 == 0) {   /* a rounding tie or near one for S or T */
		unsigned p = rng() & 1 ? 24 : 53, len = p + 1 + (unsigned)rng_below(63 - p);
		v = (1ull << (len - 1)) | (rng() & ((1ull << (len - 1)) - 1));
		v &= ~0ull << (len - p - 1);
		v |= rng() % 3 == 0 ? rng() % 3 : 0;
	}
	return rng() & 1 ? 0 - v : v;
}

/* T values around the S range (CVTTS) or the quadword range (CVTTQ). */
static uint64_t rng_t_near(int exp_lo, int exp_span)
{
	uint64_t e = (uint64_t)(1023 + exp_lo + (int)rng_below((uint64_t)exp_span));
	return (rng() & 1ull << 63) | e << 52 | rng_frac(52);
}

static uint64_t random_input(enum input in)
{
	switch (in) {
	case IN_S: return rng_s();
	case IN_TS: return rng() & 1 ? rng_t() : rng_t_near(-152, 284);
	case IN_TQ: return rng() & 1 ? rng_t() : rng_t_near(-3, 70);
	case IN_Q: return rng_int();
	default: return rng_t();
	}
}

static void one(const struct variant *v, uint64_t b)
{
	uint64_t f0 = (LINUX_FPCR & ~FPCR_DYN_MASK) | FPCR_DYN(v->dyn), f;
	uint64_t r = fp_run(v->fn, f0, 0, b, &f);
	put_hex(b, 16);
	if (v->in == IN_TQ && is_nan(b) && (b & QUIET_BIT)) {
		/* CVTTQ of a quiet NaN is 0 without an invalid operation
		 * (Table B-2); qemu-alpha signals INV (docs/fp.md). */
		put_str(ON_LINUX || (r == 0 && !(f & FPCR_INV)) ? " qnan-to-0" :
		        " qnan-to-0 WRONG");
		f &= ~FPCR_INV;
		if (!(f & FPCR_STATUS))
			f &= ~(1ull << 63);
	} else if (v->fp_out) {
		put_value(r, 0, 0, b);
	} else {
		put_hex(r, 16);
	}
	if (v->partner) {
		uint64_t fi;
		fp_run(v->partner, f0, 0, b, &fi);
		if (!ON_LINUX && (f & FPCR_INE) != (fi & FPCR_INE))
			put_str(" INE-WRONG");
		f &= ~FPCR_INE;
		if (!(f & FPCR_STATUS))
			f &= ~(1ull << 63);
	}
	put_fpcr(f);
	put_end();
}

int main(void)
{
	fp_start("fp_cvt");
	for (unsigned k = 0; k < N_OF(variants); k++) {
		const struct variant *v = &variants[k];
		tio_printf("%s dyn %d\n", v->name, (int)v->dyn);
		switch (v->in) {
		case IN_S:
			for (unsigned i = 0; i < N_OF(s_edges); i++)
				one(v, s2r(s_edges[i]));
			break;
		case IN_TQ:
			for (unsigned i = 0; i < N_OF(tq_edges); i++)
				one(v, tq_edges[i]);
			/* fall through */
		case IN_T: case IN_TS:
			for (unsigned i = 0; i < N_OF(t_edges); i++)
				one(v, t_edges[i]);
			break;
		default:
			for (unsigned i = 0; i < N_OF(q_edges); i++)
				one(v, q_edges[i]);
			break;
		}
		for (unsigned i = 0; i < 2000; i++)
			one(v, random_input(v->in));
	}
	return fp_end("");
}
