/*
 * fp_trap.c - IEEE arithmetic traps and the FPCR controls (Alpha
 * Architecture Reference Manual, 4th ed., 4.7.7 trapping modes, 4.7.8
 * FPCR, 4.7.10; appendix B, Table B-2), run under trap.h:
 *
 *  A. the forms without software completion (none, /U, /V, with each
 *     rounding) over the edge values: non-finite operands trap, so do
 *     invalid operations, division by zero, overflow, underflow with /U
 *     and integer overflow with /V; without /U an underflow is a true
 *     zero;
 *  B. /S forms with the FPCR trap disables cleared, one at a time and
 *     all together: the trap is taken, with SWC in the summary;
 *  C. FPCR<DNZ>: /S forms read denormal operands as zeros;
 *  D. FPCR<UNDZ> with UNFD: /S forms write a true zero on underflow.
 *
 * qemu-alpha departs from the architecture on underflow without /S or
 * with UNDZ, on the FPCR status an operand trap leaves, on CVTTQ of a
 * quiet NaN and on integer overflow with INVD clear (docs/fp.md).  There
 * the bare side checks the architected outcome (computed from the /SUI
 * form of the same operation, which both agree on) and both sides print
 * the same token.  Arithmetic summary bits are known only on the bare
 * side (trap.h) and are checked there.
 */
#include "fp_common.h"

/* Flags as the FPCR orders them, and as the trap summary does (<<1). */
enum { X_INV = 1, X_DZE = 2, X_OVF = 4, X_UNF = 8, X_INE = 16, X_IOV = 32 };
static unsigned status(uint64_t f) { return (unsigned)(f >> 52) & 0x3f; }

/* ---- the instructions ---------------------------------------------- */

/* For each operation: the trapping forms, and the /S forms the checks
 * compare with (same rounding; /SUIC tells a result below the normal
 * range before rounding). */
#define OPS2(X) X(adds) X(subs) X(muls) X(divs) X(addt) X(subt) X(mult) X(divt)
#define OPS1(X) X(sqrts) X(sqrtt) X(cvtts)
#define F2(op, q, text) OP2(op##_##q, text)
#define F1(op, q, text) OP1(op##_##q, text)
#define HW(F, op) F(op, n, #op) F(op, u, #op "/u") F(op, c, #op "/c") \
	F(op, uc, #op "/uc") F(op, m, #op "/m") F(op, um, #op "/um") \
	F(op, d, #op "/d") F(op, ud, #op "/ud")
#define SW(F, op) F(op, sui, #op "/sui") F(op, suic, #op "/suic") \
	F(op, suim, #op "/suim") F(op, suid, #op "/suid") F(op, su, #op "/su")
#define ALL2(op) HW(F2, op) SW(F2, op)
#define ALL1(op) HW(F1, op) SW(F1, op)
OPS2(ALL2)
OPS1(ALL1)
OP1(cvtst_n, "cvtst")
OP1(cvtst_s, "cvtst/s")
OP1(cvttq_n, "cvttq")
OP1(cvttq_c, "cvttq/c")
OP1(cvttq_v, "cvttq/v")
OP1(cvttq_vc, "cvttq/vc")
OP1(cvttq_vm, "cvttq/vm")
OP1(cvttq_vd, "cvttq/vd")
OP1(cvttq_sv, "cvttq/sv")
OP1(cvttq_svi, "cvttq/svi")
OP1(cvttq_svic, "cvttq/svic")
OP1(cvttq_svim, "cvttq/svim")
OP1(cvttq_svid, "cvttq/svid")
OP1(cvtql_n, "cvtql")
OP1(cvtql_v, "cvtql/v")
OP1(cvtql_sv, "cvtql/sv")
OP2(cmptun_n, "cmptun")
OP2(cmpteq_n, "cmpteq")
OP2(cmptlt_n, "cmptlt")
OP2(cmptle_n, "cmptle")
OP2(cmptun_su, "cmptun/su")
OP2(cmpteq_su, "cmpteq/su")
OP2(cmptlt_su, "cmptlt/su")
OP2(cmptle_su, "cmptle/su")

/* What kind of operation, for the checks. */
enum kind {
	K_FP,       /* S or T result: may underflow          */
	K_INT,      /* CVTTQ, CVTQL: integer result          */
	K_CMP,      /* compare: infinities are fine operands */
	K_QUAD,     /* CVTQL: integer operand, no screening  */
};

struct op {
	const char *name;
	fp_fn fn;
	fp_fn ieee;         /* the /SUI (/SVI, /SU) form, same rounding   */
	fp_fn chop;         /* the /SUIC form (K_FP only)                 */
	enum kind kind;
	int s, two;         /* S format; uses Fa                          */
	unsigned u;         /* /U or /V                                   */
	uint64_t dyn;       /* FPCR<DYN> to run with                      */
	int all;            /* every operand, or finite ones only         */
};

/* The operations both tables list, X(op, s, two); and the compares, X(op). */
#define FP_OPS(X)                                                           \
	X(adds, 1, 1) X(subs, 1, 1) X(muls, 1, 1) X(divs, 1, 1)             \
	X(addt, 0, 1) X(subt, 0, 1) X(mult, 0, 1) X(divt, 0, 1)             \
	X(sqrts, 1, 0) X(sqrtt, 0, 0) X(cvtts, 0, 0)
#define CMP_OPS(X) X(cmptun) X(cmpteq) X(cmptlt) X(cmptle)

/* A: the forms without /S, with the forms to check them against. */
#define HWV(op, s, two) \
	{ #op,       op##_n,  op##_sui,  op##_suic, K_FP, s, two, 0, 2, 1 }, \
	{ #op "/u",  op##_u,  op##_sui,  op##_suic, K_FP, s, two, 1, 2, 1 }, \
	{ #op "/c",  op##_c,  op##_suic, op##_suic, K_FP, s, two, 0, 2, 0 }, \
	{ #op "/uc", op##_uc, op##_suic, op##_suic, K_FP, s, two, 1, 2, 0 }, \
	{ #op "/m",  op##_m,  op##_suim, op##_suic, K_FP, s, two, 0, 2, 0 }, \
	{ #op "/um", op##_um, op##_suim, op##_suic, K_FP, s, two, 1, 2, 0 }, \
	{ #op "/d",  op##_d,  op##_suid, op##_suic, K_FP, s, two, 0, 3, 0 }, \
	{ #op "/ud", op##_ud, op##_suid, op##_suic, K_FP, s, two, 1, 3, 0 },
#define HWC(op) { #op, op##_n, op##_su, 0, K_CMP, 0, 1, 0, 2, 1 },
static const struct op hw_ops[] = {
	FP_OPS(HWV)
	{ "cvtst", cvtst_n, cvtst_s, 0, K_FP, 1, 0, 0, 2, 1 },
	{ "cvttq", cvttq_n, cvttq_svi, 0, K_INT, 0, 0, 0, 2, 1 },
	{ "cvttq/c", cvttq_c, cvttq_svic, 0, K_INT, 0, 0, 0, 2, 1 },
	{ "cvttq/v", cvttq_v, cvttq_svi, 0, K_INT, 0, 0, 1, 2, 1 },
	{ "cvttq/vc", cvttq_vc, cvttq_svic, 0, K_INT, 0, 0, 1, 2, 1 },
	{ "cvttq/vm", cvttq_vm, cvttq_svim, 0, K_INT, 0, 0, 1, 2, 1 },
	{ "cvttq/vd", cvttq_vd, cvttq_svid, 0, K_INT, 0, 0, 1, 3, 1 },
	{ "cvtql", cvtql_n, cvtql_sv, 0, K_QUAD, 0, 0, 0, 2, 1 },
	{ "cvtql/v", cvtql_v, cvtql_sv, 0, K_QUAD, 0, 0, 1, 2, 1 },
	CMP_OPS(HWC)
};

/* B, C, D: /S forms (ieee: the same form, for D's check). */
#define SWV(op, s, two) \
	{ #op "/su",  op##_su,  op##_su,  op##_suic, K_FP, s, two, 1, 2, 1 }, \
	{ #op "/sui", op##_sui, op##_sui, op##_suic, K_FP, s, two, 1, 2, 1 },
#define SWC(op) { #op "/su", op##_su, op##_su, 0, K_CMP, 0, 1, 1, 2, 1 },
static const struct op sw_ops[] = {
	FP_OPS(SWV)
	{ "cvtst/s", cvtst_s, cvtst_s, 0, K_FP, 1, 0, 0, 2, 1 },
	{ "cvttq/sv", cvttq_sv, cvttq_sv, 0, K_INT, 0, 0, 1, 2, 1 },
	{ "cvttq/svi", cvttq_svi, cvttq_svi, 0, K_INT, 0, 0, 1, 2, 1 },
	{ "cvtql/sv", cvtql_sv, cvtql_sv, 0, K_QUAD, 0, 0, 1, 2, 1 },
	CMP_OPS(SWC)
};

/* ---- running under trap.h ---------------------------------------------- */

struct snip { fp_fn fn; uint64_t a, b, r; };

static void snip_run(void *p)
{
	struct snip *s = p;
	s->r = s->fn(s->a, s->b);
}

struct outcome {
	uint64_t r, f;          /* Fc (not on a trap), FPCR afterwards */
	struct trap_info t;
	int hit;
};

static struct outcome run(fp_fn fn, uint64_t f0, uint64_t a, uint64_t b)
{
	struct snip s = { fn, a, b, 0 };
	struct outcome o;
	fpcr_set(f0);
	o.hit = trap_run(snip_run, &s, &o.t);
	o.f = fpcr_get();
	o.r = s.r;
	return o;
}

/* Register images the hardware takes without /S (4.7.7.1). */
static int hw_ok(uint64_t x, enum kind k)
{
	uint64_t e = (x >> 52) & 0x7ff, f = x << 12;
	return e == 0 ? !f : e != 0x7ff || (k == K_CMP && !f);
}

/* Below the normal range (zero included) by its exponent field. */
static int below_normal(uint64_t x) { return ((x >> 52) & 0x7ff) == 0; }

static int bad;

static void wrong(const char *what)
{
	put_str(" WRONG:");
	put_str(what);
	bad = 1;
}

/* Bare side: an arithmetic trap with exactly these summary bits. */
static void expect_trap(const struct outcome *o, unsigned sum)
{
	if (ON_LINUX)
		return;
	if (!o->hit || o->t.cls != TRAP_ARITH)
		wrong("no-trap");
	else if (o->t.sum != sum)
		wrong("summary");
}

static void put_outcome(const struct outcome *o, const struct op *v,
                        uint64_t a, uint64_t b, uint64_t fpcr_hide)
{
	if (o->hit)
		put_str(o->t.cls == TRAP_ARITH ? " trap" : " trap-other");
	else if (v->kind == K_FP)
		put_value(o->r, v->two, a, b);
	else
		put_hex(o->r, 16);
	uint64_t f = o->f & ~fpcr_hide;
	if (!(f & FPCR_STATUS))
		f &= ~(1ull << 63);
	put_fpcr(f);
}

static uint64_t fpcr_with_dyn(uint64_t f, uint64_t dyn)
{
	return (f & ~FPCR_DYN_MASK) | FPCR_DYN(dyn);
}

/*
 * Is the true result non-zero and below the smallest normal number?  The
 * chopped /S result says so: chopping never rounds up to the normal
 * range.  These are the results qemu-alpha flushes to zero.
 */
static int tiny_before_rounding(const struct op *v, uint64_t f0, uint64_t a,
                                uint64_t b)
{
	if (v->kind != K_FP || !v->chop)
		return 0;
	uint64_t f, r = fp_run(v->chop, f0, a, b, &f);
	return below_normal(r) && ((r << 1) || (f & FPCR_INE));
}

/* ---- A: without software completion ------------------------------------- */

static void hw_one(const struct op *v, uint64_t a, uint64_t b)
{
	uint64_t f0 = fpcr_with_dyn(LINUX_FPCR, v->dyn), fi;
	uint64_t ri = fp_run(v->ieee, f0, a, b, &fi);
	unsigned xi = status(fi);
	int tbr = tiny_before_rounding(v, f0, a, b);
	struct outcome o = run(v->fn, f0, a, b);
	int screened = v->kind != K_QUAD &&
	               !(hw_ok(b, v->kind) && (!v->two || hw_ok(a, v->kind)));

	if (screened) {
		/* An operand the hardware does not take: an invalid
		 * operation trap before anything is computed; qemu-alpha
		 * does not record INV for a denormal (docs/fp.md). */
		put_str(" operand");
		expect_trap(&o, X_INV << 1);
		if (!ON_LINUX && !(o.f & FPCR_INV))
			wrong("INV");
		put_outcome(&o, v, a, b, FPCR_INV);
	} else if (tbr) {
		/*
		 * Underflow without /S: a true zero, UNF and INE recorded,
		 * a trap with /U (4.7.7.7, Table B-2) when the result is
		 * tiny after rounding; otherwise the rounded result, the
		 * smallest normal.  qemu-alpha flushes every such result to
		 * a signed zero and records nothing (docs/fp.md).
		 */
		int tiny = (below_normal(ri) && ((ri << 1) || (xi & X_INE))) ||
		           (xi & X_UNF);
		put_str(" uflow");
		if (!ON_LINUX && tiny) {
			if (v->u)
				expect_trap(&o, X_UNF << 1);
			else if (o.hit || o.r != 0)
				wrong("not-zero");
			if (status(o.f) != (X_UNF | X_INE))
				wrong("status");
		} else if (!ON_LINUX && (o.hit || o.r != ri || status(o.f) != xi)) {
			wrong("rounded");
		}
	} else {
		/* Computed: every exception is recorded, those the
		 * qualifiers enable trap (INE never does without /S). */
		unsigned en = X_INV | X_DZE | X_OVF | (v->u ? X_UNF | X_IOV : 0);
		if (v->kind == K_QUAD)
			xi |= status(o.f) & X_INE;
		if (xi & en)
			expect_trap(&o, (xi & en) << 1);
		else if (!ON_LINUX && o.hit)
			wrong("trapped");
		if (!ON_LINUX && status(o.f) != xi)
			wrong("status");
		put_outcome(&o, v, a, b, 0);
	}
	put_end();
}

/* ---- B: /S with the trap disables cleared --------------------------------- */

static const struct { const char *name; uint64_t clear; } enables[] = {
	{ "INVD clear", FPCR_INVD }, { "DZED clear", FPCR_DZED },
	{ "OVFD clear", FPCR_OVFD }, { "UNFD clear", FPCR_UNFD },
	{ "INED clear", FPCR_INED },
	{ "all clear", FPCR_INVD | FPCR_DZED | FPCR_OVFD | FPCR_UNFD | FPCR_INED },
};

/* The exceptions the FPCR leaves enabled (4.7.7.10; IOV goes with INV,
 * B.2.1). */
static unsigned fpcr_enabled(uint64_t f)
{
	return ((f & FPCR_INVD) ? 0 : X_INV | X_IOV) | ((f & FPCR_DZED) ? 0 : X_DZE) |
	       ((f & FPCR_OVFD) ? 0 : X_OVF) | ((f & FPCR_UNFD) ? 0 : X_UNF) |
	       ((f & FPCR_INED) ? 0 : X_INE);
}

static void sw_trap_one(const struct op *v, uint64_t f0, uint64_t a, uint64_t b)
{
	struct outcome o = run(v->fn, f0, a, b);
	unsigned x = status(o.f), t = x & fpcr_enabled(f0);
	if (v->kind == K_INT && is_nan(b) && (b & QUIET_BIT)) {
		/* CVTTQ of a quiet NaN: 0, no invalid operation (Table
		 * B-2); qemu-alpha signals INV, and traps if enabled. */
		put_str(" qnan-to-0");
		if (!ON_LINUX && (o.hit || o.r || x))
			wrong("qnan");
	} else if ((x & X_IOV) && !(f0 & FPCR_INVD)) {
		/* Integer overflow traps when invalid operation is enabled
		 * (B.2.1); qemu-alpha has no enable for it. */
		put_str(" iov-trap");
		expect_trap(&o, t << 1 | 1);
	} else {
		if (t)
			expect_trap(&o, t << 1 | 1);
		else if (!ON_LINUX && o.hit)
			wrong("trapped");
		put_outcome(&o, v, a, b, 0);
	}
	put_end();
}

/* ---- C, D: DNZ and UNDZ ------------------------------------------------- */

static void dnz_one(const struct op *v, uint64_t a, uint64_t b)
{
	struct outcome o = run(v->fn, LINUX_FPCR | FPCR_DNZ, a, b);
	if (v->kind == K_INT && is_nan(b) && (b & QUIET_BIT)) {
		put_str(" qnan-to-0");      /* as in B */
		if (!ON_LINUX && (o.hit || o.r || status(o.f)))
			wrong("qnan");
	} else {
		put_outcome(&o, v, a, b, 0);
	}
	put_end();
}

static void undz_one(const struct op *v, uint64_t a, uint64_t b)
{
	uint64_t f0 = LINUX_FPCR | FPCR_UNDZ, fi;
	uint64_t ri = fp_run(v->ieee, LINUX_FPCR, a, b, &fi);
	struct outcome o = run(v->fn, f0, a, b);
	if (tiny_before_rounding(v, LINUX_FPCR, a, b)) {
		/* With UNFD and UNDZ an underflow writes a true zero and
		 * is recorded (4.7.7.11); qemu-alpha flushes any tiny
		 * result to a signed zero and records nothing. */
		put_str(" undz");
		if (!ON_LINUX && (o.hit || status(o.f) != status(fi) ||
		                  o.r != ((fi & FPCR_UNF) ? 0 : ri)))
			wrong("undz");
	} else {
		put_outcome(&o, v, a, b, 0);
	}
	put_end();
}

/* ---- operands ------------------------------------------------------------- */

/* A smaller set for B: one of each class. */
static const uint32_t few[] = { 0, 1, 2, 5, 7, 12, 15, 16, 21, 30, 31, 32, 35, 36, 37 };

static uint64_t edge(const struct op *v, unsigned i)
{
	return v->s ? s2r(s_edges[i]) : t_edges[i];
}

/* For D: pairs whose product or quotient lands near the bottom of the
 * normal range. */
static void near_underflow(const struct op *v, uint64_t *a, uint64_t *b)
{
	unsigned fbits = v->s ? 23 : 52, bias = v->s ? 127 : 1023;
	uint64_t ea = bias / 2 + rng_below(8), eb = bias / 2 + rng_below(8);
	uint64_t ia = ea << fbits | rng_frac(fbits), ib = eb << fbits | rng_frac(fbits);
	if (v->name[0] == 'd')          /* divide: a tiny dividend */
		ia = (rng_below(3) + 1) << fbits | rng_frac(fbits);
	if (v->name[0] == 'a' || v->name[0] == 's') {   /* add, subtract */
		ia = (rng_below(3) + 1) << fbits | rng_frac(fbits);
		ib = (rng_below(3) + 1) << fbits | rng_frac(fbits);
	}
	ia |= (rng() & 1) << (v->s ? 31 : 63);
	ib |= (rng() & 1) << (v->s ? 31 : 63);
	*a = v->s ? s2r((uint32_t)ia) : ia;
	*b = v->s ? s2r((uint32_t)ib) : ib;
}

static int finite_hw(uint64_t x) { return hw_ok(x, K_FP); }

int main(void)
{
	fp_start("fp_trap");

	for (unsigned k = 0; k < N_OF(hw_ops); k++) {
		const struct op *v = &hw_ops[k];
		unsigned n = v->kind == K_QUAD ? 1 : v->s ? N_OF(s_edges) : N_OF(t_edges);
		tio_printf("A %s dyn %d\n", v->name, (int)v->dyn);
		if (v->kind == K_QUAD) {
			static const uint64_t q[] = {
				0, 1, 0x7fffffff, 0x80000000, 0xffffffff80000000,
				0xffffffff7fffffff, 0x100000000, 0x8000000000000000,
			};
			for (unsigned i = 0; i < N_OF(q); i++)
				hw_one(v, 0, q[i]);
			continue;
		}
		for (unsigned i = 0; i < (v->two ? n : 1); i++)
			for (unsigned j = 0; j < n; j++) {
				uint64_t a = edge(v, i), b = edge(v, j);
				if (!v->all && !(finite_hw(b) && (!v->two || finite_hw(a))))
					continue;
				put_hex(i << 8 | j, 4);
				hw_one(v, a, b);
			}
	}

	for (unsigned e = 0; e < N_OF(enables); e++) {
		uint64_t f0 = LINUX_FPCR & ~enables[e].clear;
		for (unsigned k = 0; k < N_OF(sw_ops); k++) {
			const struct op *v = &sw_ops[k];
			tio_printf("B %s %s\n", enables[e].name, v->name);
			for (unsigned i = 0; i < (v->two ? N_OF(few) : 1); i++)
				for (unsigned j = 0; j < N_OF(few); j++) {
					put_hex(few[i] << 8 | few[j], 4);
					sw_trap_one(v, f0, edge(v, few[i]), edge(v, few[j]));
				}
			if (v->kind == K_INT || v->kind == K_QUAD) {
				static const uint64_t big[] = {
					0x43e0000000000000, 0xc3e0000000000001,
					0x47e0000000000001, 0x3ff8000000000000,
				};
				for (unsigned i = 0; i < N_OF(big); i++) {
					put_str("big");
					sw_trap_one(v, f0, 0, v->kind == K_QUAD ?
					            big[i] >> 20 : big[i]);
				}
			}
		}
	}

	for (unsigned k = 0; k < N_OF(sw_ops); k++) {
		const struct op *v = &sw_ops[k];
		if (v->kind == K_QUAD)
			continue;
		unsigned n = v->s ? N_OF(s_edges) : N_OF(t_edges);
		tio_printf("C DNZ %s\n", v->name);
		for (unsigned i = 0; i < (v->two ? n : 1); i++)
			for (unsigned j = 0; j < n; j++) {
				uint64_t a = edge(v, i), b = edge(v, j);
				put_hex(i << 8 | j, 4);
				dnz_one(v, a, b);
			}
	}

	for (unsigned k = 0; k < N_OF(sw_ops); k++) {
		const struct op *v = &sw_ops[k];
		if (v->kind != K_FP || !v->two)
			continue;
		unsigned n = v->s ? N_OF(s_edges) : N_OF(t_edges);
		tio_printf("D UNDZ %s\n", v->name);
		for (unsigned i = 0; i < n; i++)
			for (unsigned j = 0; j < n; j++) {
				put_hex(i << 8 | j, 4);
				undz_one(v, edge(v, i), edge(v, j));
			}
		for (unsigned i = 0; i < 300; i++) {
			uint64_t a, b;
			near_underflow(v, &a, &b);
			put_hex(a, 16);
			put_hex(b, 16);
			undz_one(v, a, b);
		}
	}

	fpcr_set(LINUX_FPCR);
	return fp_end(bad ? ", WRONG ones" : "");
}
