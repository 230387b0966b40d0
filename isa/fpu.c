/*
 * fpu.c - Alpha IEEE floating point, exactly.
 *
 * Two layers.  The bottom one is a small soft-float on host integers:
 * S and T add, subtract, multiply, divide, square root, conversions and
 * compares, correctly rounded in the four IEEE modes, with denormals,
 * infinities and the Alpha NaN rules (Alpha Architecture Reference
 * Manual, 4th ed., 4.7.10: canonical quiet NaN, Fb's NaN before Fa's).
 * The top one applies an instruction's qualifiers (4.7.7 trapping modes,
 * 4.7.9 function field), the FPCR (4.7.8: dynamic rounding, DNZ, UNDZ,
 * trap disables, status and SUM) and decides the arithmetic trap, as a
 * system whose PALcode and OS complete IEEE traps presents it (appendix
 * B, Table B-2).  docs/fp.md states the model and every choice made.
 */
#include "isa/fpu.h"
#include "isa/isa.h"
#include <stddef.h>
#include <string.h>
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

__extension__ typedef unsigned __int128 u128;

/* ---- register formats ------------------------------------------------ */

/* The 8-bit exponent widens to 11 bits keeping 0 and all-ones; the
 * fraction moves to the top (ARM 4.8.5 LDS, 4.8.9 STS). */
uint64_t fp_s_to_reg(uint32_t s)
{
	uint64_t sign = (uint64_t)(s >> 31) << 63;
	unsigned exp = (s >> 23) & 0xff;
	uint64_t frac = (uint64_t)(s & 0x7fffff) << 29;
	unsigned e;
	if (exp == 0xff)
		e = 0x7ff;
	else if (exp == 0)
		e = 0;
	else if (exp & 0x80)
		e = 0x400 | (exp & 0x7f);
	else
		e = 0x380 | (exp & 0x7f);
	return sign | (uint64_t)e << 52 | frac;
}

uint32_t fp_reg_to_s(uint64_t t)
{
	return (uint32_t)((t >> 32) & 0xc0000000) |
	       (uint32_t)((t >> 29) & 0x3fffffff);
}

/* ---- the soft-float -------------------------------------------------- */

/* Exception flags, in FPCR status order (FPCR<52+n>, EXC_SUM<11+n>). */
enum {
	X_INV = 1 << 0, X_DZE = 1 << 1, X_OVF = 1 << 2, X_UNF = 1 << 3,
	X_INE = 1 << 4, X_IOV = 1 << 5,
};

/* Rounding modes, encoded as the qualifier and FPCR<DYN> (ARM 4.7.9). */
enum { RM_CHOP, RM_MINUS, RM_NEAR, RM_PLUS };

struct fmt { unsigned fbits, ebits; int bias; };
static const struct fmt FMT_S = { 23, 8, 127 }, FMT_T = { 52, 11, 1023 };

#define EMAX(F)      ((1u << (F)->ebits) - 1)
#define FMASK(F)     ((1ull << (F)->fbits) - 1)
#define SIGNBIT(F)   (1ull << ((F)->fbits + (F)->ebits))
#define QUIETBIT(F)  (1ull << ((F)->fbits - 1))
#define INF(F)       ((uint64_t)EMAX(F) << (F)->fbits)
#define CANON_NAN(F) (SIGNBIT(F) | INF(F) | QUIETBIT(F))      /* 4.7.10.3 */

enum cls { C_ZERO, C_FIN, C_INF, C_QNAN, C_SNAN };

/* An unpacked operand.  A finite one is sig * 2^(exp-63), sig<63> set. */
struct fnum {
	enum cls cls;
	bool     sign;
	int32_t  exp;
	uint64_t sig;
	uint64_t raw;       /* the encoding, for NaN propagation */
};

/* What an operation produced, in its result format. */
struct fres {
	uint64_t bits;
	unsigned flags;     /* X_* */
	bool     tiny;      /* non-zero result below the smallest normal */
};

static bool is_nan(const struct fnum *n)
{
	return n->cls == C_QNAN || n->cls == C_SNAN;
}

/* dnz: a denormal reads as a zero of its sign (FPCR<DNZ>, 4.7.7.11). */
static struct fnum unpack(const struct fmt *F, uint64_t raw, bool dnz)
{
	struct fnum n = { .raw = raw, .sign = (raw & SIGNBIT(F)) != 0 };
	unsigned e = (unsigned)(raw >> F->fbits) & EMAX(F);
	uint64_t f = raw & FMASK(F);
	if (e == EMAX(F))
		n.cls = !f ? C_INF : (f & QUIETBIT(F)) ? C_QNAN : C_SNAN;
	else if (e == 0 && (f == 0 || dnz))
		n.cls = C_ZERO;
	else if (e == 0) {
		int lz = __builtin_clzll(f);
		n.cls = C_FIN;
		n.sig = f << lz;
		n.exp = 1 - F->bias - (int)F->fbits + (63 - lz);
	} else {
		n.cls = C_FIN;
		n.sig = (f | 1ull << F->fbits) << (63 - F->fbits);
		n.exp = (int32_t)e - F->bias;
	}
	return n;
}

static void negate(const struct fmt *F, struct fnum *n)
{
	if (!is_nan(n)) {
		n->sign = !n->sign;
		n->raw ^= SIGNBIT(F);
	}
}

/* Shift sig right by sh (>= 1) bits and round the kept part in mode rm;
 * the result may carry into one more bit. */
static uint64_t shift_round(uint64_t sig, unsigned sh, bool sign, unsigned rm,
                            bool *inexact)
{
	uint64_t keep, rem, half;
	if (sh < 64) {
		keep = sig >> sh;
		rem = sig & ((1ull << sh) - 1);
		half = 1ull << (sh - 1);
	} else if (sh == 64) {
		keep = 0;
		rem = sig;
		half = 1ull << 63;
	} else {                        /* far below half an LSB */
		keep = 0;
		rem = sig != 0;
		half = 2;
	}
	*inexact = rem != 0;
	bool inc;
	switch (rm) {
	case RM_NEAR:  inc = rem > half || (rem == half && (keep & 1)); break;
	case RM_PLUS:  inc = rem && !sign; break;
	case RM_MINUS: inc = rem && sign; break;
	default:       inc = false; break;
	}
	return keep + inc;
}

static uint64_t pack_zero(const struct fmt *F, bool sign)
{
	return sign ? SIGNBIT(F) : 0;
}

static uint64_t pack_inf(const struct fmt *F, bool sign)
{
	return pack_zero(F, sign) | INF(F);
}

static struct fres res(uint64_t bits, unsigned flags)
{
	return (struct fres){ .bits = bits, .flags = flags };
}

/* Round sig * 2^(exp-63) (sig<63> set, lost bits ORed into sig<0>) to F.
 * Tininess is detected after rounding, as if the exponent range were
 * unbounded; UNF here is IEEE's non-trapping underflow, tiny and
 * inexact (4.7.7.7, 4.7.10). */
static struct fres round_pack(const struct fmt *F, bool sign, int32_t exp,
                              uint64_t sig, unsigned rm)
{
	const unsigned p = F->fbits + 1, sh = 64 - p;
	int32_t be = exp + F->bias;
	bool inexact;
	uint64_t m = shift_round(sig, sh, sign, rm, &inexact);
	if (be > 0) {
		if (m >> p) {
			m >>= 1;
			be++;
		}
		if (be >= (int32_t)EMAX(F)) {           /* overflow */
			bool inf = rm == RM_NEAR || (rm == RM_PLUS && !sign) ||
			           (rm == RM_MINUS && sign);
			return res(inf ? pack_inf(F, sign) :
			           pack_zero(F, sign) | (INF(F) - 1), X_OVF | X_INE);
		}
		return res(pack_zero(F, sign) | (uint64_t)be << F->fbits |
		           (m & FMASK(F)), inexact ? X_INE : 0);
	}
	/* below the normal range before rounding: tiny unless rounding to
	 * p bits reaches the smallest normal */
	bool tiny = !(be == 0 && (m >> p));
	unsigned dsh = 1 - be > 64 ? 128 : sh + (unsigned)(1 - be);
	m = shift_round(sig, dsh, sign, rm, &inexact);
	/* m <= 2^(p-1); m == 2^(p-1) carries into the exponent field */
	struct fres r = res(pack_zero(F, sign) | m,
	                    inexact ? X_INE | (tiny ? X_UNF : 0) : 0);
	r.tiny = tiny;
	return r;
}

static struct fres exact_pack(const struct fmt *F, const struct fnum *n,
                              unsigned rm)
{
	return round_pack(F, n->sign, n->exp, n->sig, rm);
}

/* The NaN an operation with a NaN operand returns (4.7.10.4): Fb's
 * before Fa's, quieted; a signalling NaN operand is an invalid op. */
static struct fres nan_result(const struct fmt *F, const struct fnum *a,
                              const struct fnum *b)
{
	bool snan = (a && a->cls == C_SNAN) || b->cls == C_SNAN;
	return res((is_nan(b) ? b->raw : a->raw) | QUIETBIT(F),
	           snan ? X_INV : 0);
}

/* An invalid operation on non-NaN operands: the canonical quiet NaN. */
static struct fres invalid(const struct fmt *F)
{
	return res(CANON_NAN(F), X_INV);
}

static struct fres f_add(const struct fmt *F, struct fnum a, struct fnum b,
                         unsigned rm)
{
	if (is_nan(&a) || is_nan(&b))
		return nan_result(F, &a, &b);
	if (a.cls == C_INF || b.cls == C_INF) {
		if (a.cls == C_INF && b.cls == C_INF && a.sign != b.sign)
			return invalid(F);
		return res(pack_inf(F, a.cls == C_INF ? a.sign : b.sign), 0);
	}
	if (a.cls == C_ZERO && b.cls == C_ZERO)
		return res(pack_zero(F, a.sign == b.sign ? a.sign :
		                        rm == RM_MINUS), 0);
	if (b.cls == C_ZERO)
		return exact_pack(F, &a, rm);
	if (a.cls == C_ZERO)
		return exact_pack(F, &b, rm);
	if (a.exp < b.exp || (a.exp == b.exp && a.sig < b.sig)) {
		struct fnum t = a;
		a = b;
		b = t;
	}
	/* Leading bits at 61 leave room for the carry and at least nine
	 * zero bits below the significand, so a sticky bit jammed into
	 * bit 0 cannot disturb the rounding. */
	uint64_t ma = a.sig >> 2, mb = b.sig >> 2;
	uint32_t d = (uint32_t)(a.exp - b.exp);
	if (d >= 64)
		mb = mb != 0;
	else if (d)
		mb = (mb >> d) | ((mb & ((1ull << d) - 1)) != 0);
	uint64_t m = a.sign == b.sign ? ma + mb : ma - mb;
	if (m == 0)                                 /* exact cancellation */
		return res(pack_zero(F, rm == RM_MINUS), 0);
	int lz = __builtin_clzll(m);
	return round_pack(F, a.sign, a.exp + 2 - lz, m << lz, rm);
}

static struct fres f_mul(const struct fmt *F, struct fnum a, struct fnum b,
                         unsigned rm)
{
	bool sign = a.sign != b.sign;
	if (is_nan(&a) || is_nan(&b))
		return nan_result(F, &a, &b);
	if (a.cls == C_INF || b.cls == C_INF)
		return a.cls == C_ZERO || b.cls == C_ZERO ? invalid(F) :
		       res(pack_inf(F, sign), 0);
	if (a.cls == C_ZERO || b.cls == C_ZERO)
		return res(pack_zero(F, sign), 0);
	u128 p = (u128)a.sig * b.sig;           /* in [2^126, 2^128) */
	int32_t e = a.exp + b.exp;
	if (p >> 127)
		e++;
	else
		p <<= 1;
	return round_pack(F, sign, e, (uint64_t)(p >> 64) | ((uint64_t)p != 0),
	                  rm);
}

static struct fres f_div(const struct fmt *F, struct fnum a, struct fnum b,
                         unsigned rm)
{
	bool sign = a.sign != b.sign;
	if (is_nan(&a) || is_nan(&b))
		return nan_result(F, &a, &b);
	if (a.cls == C_INF)
		return b.cls == C_INF ? invalid(F) : res(pack_inf(F, sign), 0);
	if (b.cls == C_ZERO)
		return a.cls == C_ZERO ? invalid(F) :
		       res(pack_inf(F, sign), X_DZE);
	if (a.cls == C_ZERO || b.cls == C_INF)
		return res(pack_zero(F, sign), 0);
	u128 n = (u128)a.sig << 63;
	uint64_t q = (uint64_t)(n / b.sig);     /* in (2^62, 2^64) */
	bool rem = n % b.sig != 0;
	int32_t e = a.exp - b.exp;
	if (!(q >> 63)) {
		q <<= 1;
		e--;
	}
	return round_pack(F, sign, e, q | rem, rm);
}

/* floor(sqrt(n)) for n < 2^128, two bits at a time. */
static uint64_t isqrt128(u128 n, bool *inexact)
{
	u128 rem = 0, root = 0;
	for (int i = 0; i < 64; i++) {
		rem = rem << 2 | (n >> 126);
		n <<= 2;
		root <<= 1;
		u128 trial = root << 1 | 1;
		if (rem >= trial) {
			rem -= trial;
			root |= 1;
		}
	}
	*inexact = rem != 0;
	return (uint64_t)root;
}

static struct fres f_sqrt(const struct fmt *F, struct fnum b, unsigned rm)
{
	if (is_nan(&b))
		return nan_result(F, NULL, &b);
	if (b.cls == C_ZERO)
		return res(pack_zero(F, b.sign), 0);   /* sqrt(-0) = -0 */
	if (b.sign)
		return invalid(F);
	if (b.cls == C_INF)
		return res(pack_inf(F, false), 0);
	/* b = m * 2^k with k even; sqrt(m) is in [2^63, 2^64) */
	u128 m = (u128)b.sig << 64;
	int32_t k = b.exp - 127;
	if (k & 1) {
		m >>= 1;
		k++;
	}
	bool inexact;
	uint64_t root = isqrt128(m, &inexact);
	return round_pack(F, false, k / 2 + 63, root | inexact, rm);
}

/* T to S (CVTTS) and S to T (CVTST): a NaN keeps its sign and the top
 * of its fraction and is quieted. */
static struct fres f_convert(const struct fmt *to, const struct fmt *from,
                             struct fnum b, unsigned rm)
{
	uint64_t f = b.raw & FMASK(from);
	switch (b.cls) {
	case C_QNAN: case C_SNAN:
		f = to->fbits > from->fbits ? f << (to->fbits - from->fbits) :
		                              f >> (from->fbits - to->fbits);
		return res(pack_inf(to, b.sign) | QUIETBIT(to) | f,
		           b.cls == C_SNAN ? X_INV : 0);
	case C_INF:
		return res(pack_inf(to, b.sign), 0);
	case C_ZERO:
		return res(pack_zero(to, b.sign), 0);
	case C_FIN:
		break;
	}
	return exact_pack(to, &b, rm);
}

/* Quadword integer to S or T (CVTQS, CVTQT). */
static struct fres f_from_int(const struct fmt *F, int64_t v, unsigned rm)
{
	if (v == 0)
		return res(0, 0);
	uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	int lz = __builtin_clzll(mag);
	return round_pack(F, v < 0, 63 - lz, mag << lz, rm);
}

/* T to quadword integer (CVTTQ).  Out of range, the low 64 bits of the
 * true result (4.7.7.9); Inf and NaN give 0, a quiet NaN without an
 * invalid operation (Table B-2). */
static struct fres f_to_int(struct fnum b, unsigned rm)
{
	switch (b.cls) {
	case C_QNAN: case C_ZERO:
		return res(0, 0);
	case C_SNAN: case C_INF:
		return res(0, X_INV);
	case C_FIN:
		break;
	}
	uint64_t mag;
	unsigned x = 0;
	if (b.exp >= 63) {
		mag = b.exp - 63 < 64 ? b.sig << (b.exp - 63) : 0;
		if (!(b.sign && b.exp == 63 && b.sig == 1ull << 63))
			x = X_IOV | X_INE;
	} else {
		bool inexact;
		mag = shift_round(b.sig, (unsigned)(63 - b.exp), b.sign, rm,
		                  &inexact);
		x = inexact ? X_INE : 0;
	}
	return res(b.sign ? 0 - mag : mag, x);
}

/* CMPTxx: true is 2.0 (4.10); an unordered pair is false except for
 * CMPTUN.  Signalling NaNs are invalid for all four, quiet ones for LT
 * and LE (Table B-2). */
static struct fres f_compare(enum fpu_op op, struct fnum a, struct fnum b)
{
	bool unordered = is_nan(&a) || is_nan(&b), t;
	bool inv = (op == FPU_CMPTLT || op == FPU_CMPTLE) ? unordered :
	           a.cls == C_SNAN || b.cls == C_SNAN;
	if (unordered) {
		t = op == FPU_CMPTUN;
	} else {
		/* order by sign and magnitude; all zeros (and flushed
		 * denormals) are equal */
		int64_t ka = a.cls == C_ZERO ? 0 : (int64_t)(a.raw << 1 >> 1);
		int64_t kb = b.cls == C_ZERO ? 0 : (int64_t)(b.raw << 1 >> 1);
		ka = a.sign ? -ka : ka;
		kb = b.sign ? -kb : kb;
		t = op == FPU_CMPTEQ ? ka == kb :
		    op == FPU_CMPTLT ? ka < kb :
		    op == FPU_CMPTLE ? ka <= kb : false;
	}
	return res(t ? 0x4000000000000000ull : 0, inv ? X_INV : 0);
}

/* ---- operations, qualifiers and the FPCR ---------------------------- */

enum kind { K_FP, K_CMP, K_INT };   /* result: S/T value, compare, integer */

static const struct opinfo {
	const struct fmt *in;   /* operand format; NULL: quadword integer */
	const struct fmt *out;  /* result format for K_FP                  */
	uint8_t kind;
	bool two;               /* uses Fa as well as Fb                   */
} ops[FPU_NOPS] = {
	[FPU_ADDS]   = { &FMT_S, &FMT_S, K_FP,  true  },
	[FPU_SUBS]   = { &FMT_S, &FMT_S, K_FP,  true  },
	[FPU_MULS]   = { &FMT_S, &FMT_S, K_FP,  true  },
	[FPU_DIVS]   = { &FMT_S, &FMT_S, K_FP,  true  },
	[FPU_ADDT]   = { &FMT_T, &FMT_T, K_FP,  true  },
	[FPU_SUBT]   = { &FMT_T, &FMT_T, K_FP,  true  },
	[FPU_MULT]   = { &FMT_T, &FMT_T, K_FP,  true  },
	[FPU_DIVT]   = { &FMT_T, &FMT_T, K_FP,  true  },
	[FPU_SQRTS]  = { &FMT_S, &FMT_S, K_FP,  false },
	[FPU_SQRTT]  = { &FMT_T, &FMT_T, K_FP,  false },
	[FPU_CMPTUN] = { &FMT_T, NULL,   K_CMP, true  },
	[FPU_CMPTEQ] = { &FMT_T, NULL,   K_CMP, true  },
	[FPU_CMPTLT] = { &FMT_T, NULL,   K_CMP, true  },
	[FPU_CMPTLE] = { &FMT_T, NULL,   K_CMP, true  },
	[FPU_CVTTS]  = { &FMT_T, &FMT_S, K_FP,  false },
	[FPU_CVTST]  = { &FMT_S, &FMT_T, K_FP,  false },
	[FPU_CVTTQ]  = { &FMT_T, NULL,   K_INT, false },
	[FPU_CVTQS]  = { NULL,   &FMT_S, K_FP,  false },
	[FPU_CVTQT]  = { NULL,   &FMT_T, K_FP,  false },
	[FPU_CVTQL]  = { NULL,   NULL,   K_INT, false },
};

/* An S operand is read through its memory format (ARM 4.8.5). */
static struct fnum operand(const struct fmt *F, uint64_t reg, bool dnz)
{
	return unpack(F, F == &FMT_S ? fp_reg_to_s(reg) : reg, dnz);
}

static struct fres compute(enum fpu_op op, struct fnum a, struct fnum b,
                           uint64_t fb, unsigned rm)
{
	const struct fmt *F = ops[op].out;
	switch (op) {
	case FPU_SUBS: case FPU_SUBT:
		negate(F, &b);
		return f_add(F, a, b, rm);
	case FPU_ADDS: case FPU_ADDT:
		return f_add(F, a, b, rm);
	case FPU_MULS: case FPU_MULT:
		return f_mul(F, a, b, rm);
	case FPU_DIVS: case FPU_DIVT:
		return f_div(F, a, b, rm);
	case FPU_SQRTS: case FPU_SQRTT:
		return f_sqrt(F, b, rm);
	case FPU_CMPTUN: case FPU_CMPTEQ: case FPU_CMPTLT: case FPU_CMPTLE:
		return f_compare(op, a, b);
	case FPU_CVTTS: case FPU_CVTST:
		return f_convert(F, ops[op].in, b, rm);
	case FPU_CVTTQ:
		return f_to_int(b, rm);
	case FPU_CVTQS: case FPU_CVTQT:
		return f_from_int(F, (int64_t)fb, rm);
	case FPU_CVTQL:   /* the longword in register format, 4.7.7.9 */
		return res((fb & 0xc0000000) << 32 | (fb & 0x3fffffff) << 29,
		           fb != (uint64_t)(int64_t)(int32_t)fb ? X_IOV | X_INE : 0);
	case FPU_NOPS:
		break;
	}
	return res(0, 0);
}

/* Without /S the hardware takes only finite operands (compares also
 * infinities); anything else is an invalid operation trap (4.7.7.1,
 * Table B-2's "Trap" column). */
static bool hw_operand_ok(uint64_t reg, enum kind k)
{
	unsigned e = (unsigned)(reg >> 52) & 0x7ff;
	uint64_t f = reg & ((1ull << 52) - 1);
	return e == 0 ? f == 0 : e != 0x7ff || (k == K_CMP && f == 0);
}

/* The exceptions an instruction's trap qualifiers enable (4.7.7). */
static unsigned qual_enabled(unsigned q)
{
	unsigned t = FPQ_TRAP(q);
	return X_INV | X_DZE | X_OVF | ((t & FPQ_U) ? X_UNF | X_IOV : 0) |
	       (FPQ_I(q) ? X_INE : 0);
}

/* The exceptions the FPCR trap disable bits suppress for /S forms
 * (4.7.7.10); integer overflow goes with invalid operation (B.2.1). */
static unsigned fpcr_disabled(uint64_t fpcr)
{
	return ((fpcr & FPCR_INVD) ? X_INV | X_IOV : 0) |
	       ((fpcr & FPCR_DZED) ? X_DZE : 0) |
	       ((fpcr & FPCR_OVFD) ? X_OVF : 0) |
	       ((fpcr & FPCR_UNFD) ? X_UNF : 0) |
	       ((fpcr & FPCR_INED) ? X_INE : 0);
}

static uint64_t record(uint64_t fpcr, unsigned x)
{
	return x ? fpcr | (uint64_t)x << 52 | FPCR_SUM : fpcr;
}

void fpu_compute(enum fpu_op op, unsigned q, uint64_t fpcr, uint64_t fa,
                 uint64_t fb, struct fpu_result *out)
{
	const struct opinfo *o = &ops[op];
	bool swc = FPQ_S(q);
	unsigned rm = FPQ_ROUND(q) == 3 ? (unsigned)(fpcr >> FPCR_DYN_SHIFT) & 3 :
	              FPQ_ROUND(q);
	unsigned enabled = qual_enabled(q);

	/* Without /S: non-finite operands trap before anything is
	 * computed; Fc is not written. */
	if (!swc && o->in &&
	    !(hw_operand_ok(fb, o->kind) && (!o->two || hw_operand_ok(fa, o->kind)))) {
		*out = (struct fpu_result){ .fpcr = record(fpcr, X_INV),
		                            .trap = EXC_SUM_INV };
		return;
	}

	struct fnum a = { 0 }, b = { 0 };
	if (o->in) {
		bool dnz = swc && (fpcr & FPCR_DNZ);
		b = operand(o->in, fb, dnz);
		if (o->two)
			a = operand(o->in, fa, dnz);
	}
	struct fres r = compute(op, a, b, fb, rm);

	uint64_t value = r.bits;
	if (o->kind == K_FP) {
		/* Underflow (4.7.7.7): without /S the hardware writes a true
		 * zero for any tiny result, and that is also what UNDZ asks
		 * for when UNFD lets an /S form complete. */
		if (!swc && r.tiny) {
			value = 0;
			r.flags |= X_UNF | X_INE;
		} else if (swc && (r.flags & X_UNF) && (fpcr & FPCR_UNFD) &&
		           (fpcr & FPCR_UNDZ)) {
			value = 0;
		}
		if (o->out == &FMT_S)
			value = fp_s_to_reg((uint32_t)value);
	}

	/* Status: without /S the hardware records every exception; with
	 * /S, those the qualifiers enable (the others are not detected,
	 * Table B-2: "disabled", nothing happens). */
	unsigned seen = swc ? r.flags & enabled : r.flags;
	unsigned trap = r.flags & enabled & (swc ? ~fpcr_disabled(fpcr) : ~0u);
	*out = (struct fpu_result){
		.value = value, .write = true, .fpcr = record(fpcr, seen),
		.trap = trap ? (uint64_t)trap << 11 | (swc ? EXC_SUM_SWC : 0) : 0,
	};
}

#if defined(__SSE2__)
/*
 * The common case, on the host's IEEE hardware: add, subtract, multiply
 * or divide of normal (or zero) operands rounding to nearest, giving a
 * normal (or exactly zero) result with no exception but perhaps inexact.
 * That is what fpu_compute gives too: the result, and INE recorded when
 * the hardware records it (without /S).  /SUI forms, other rounding modes
 * and every other outcome take fpu_compute.  The host's SSE status flags
 * (MXCSR, default round-to-nearest with exceptions masked) tell whether
 * anything but inexactness happened.
 *
 * Writing MXCSR (LDMXCSR) stalls the host's pipeline: clearing the flags
 * before each operation and restoring them after took two thirds of the
 * functional core's time on FP code.  So the flags are left as the last
 * operation set them and cleared only when they could mislead: before an
 * operation, the exception flags (MX_EXC) if any is set, which happens
 * only after a result the fast path refused; and the inexact flag if set
 * and this operation's inexactness would change the FPCR (not /S, INE
 * not yet recorded).  A stale inexact flag otherwise only sends a zero
 * result to fpu_compute, which is always right.
 */
enum { MX_EXC = 0x1f, MX_PE = 0x20 };  /* MXCSR status: IE DE ZE OE UE; PE */
static bool normal_or_zero(uint64_t t)
{
	unsigned e = (unsigned)(t >> 52) & 0x7ff;
	return (e != 0 && e != 0x7ff) || !(t << 1);
}

/* A register value that is exactly an S_floating value. */
static bool s_exact(uint64_t t)
{
	return fp_s_to_reg(fp_reg_to_s(t)) == t;
}

/* The host's add, subtract, multiply or divide (k: 0-3, the order of
 * enum fpu_op) in type T, on and to the bits of its values in U. */
#define HOST_ARITH(name, T, U)                                              \
	static U name(unsigned k, U ua, U ub)                               \
	{                                                                   \
		T a, b, r;                                                  \
		U ur;                                                       \
		memcpy(&a, &ua, sizeof a);                                  \
		memcpy(&b, &ub, sizeof b);                                  \
		r = k == 0 ? a + b : k == 1 ? a - b : k == 2 ? a * b : a / b; \
		memcpy(&ur, &r, sizeof ur);                                 \
		return ur;                                                  \
	}
HOST_ARITH(host_s, float, uint32_t)
HOST_ARITH(host_t, double, uint64_t)

bool fpu_fast(enum fpu_op op, unsigned q, uint64_t *fpcr, uint64_t fa, uint64_t fb,
              uint64_t *fc)
{
	unsigned rm = FPQ_ROUND(q) == 3 ? (unsigned)(*fpcr >> FPCR_DYN_SHIFT) & 3
	                                : FPQ_ROUND(q);
	uint64_t out;
	if (op > FPU_DIVT || rm != 2 || FPQ_I(q) || !normal_or_zero(fa) || !normal_or_zero(fb))
		return false;
	const bool ine = !FPQ_S(q) && record(*fpcr, X_INE) != *fpcr;
	const unsigned csr = _mm_getcsr();
	if (csr & (MX_EXC | (ine ? MX_PE : 0)))
		_mm_setcsr(csr & ~(unsigned)(MX_EXC | MX_PE));
	if (op <= FPU_DIVS) {
		if (!s_exact(fa) || !s_exact(fb))
			return false;
		/* an S denormal or non-finite value maps to a T one */
		out = fp_s_to_reg(host_s(op - FPU_ADDS, fp_reg_to_s(fa), fp_reg_to_s(fb)));
	} else {
		out = host_t(op - FPU_ADDT, fa, fb);
	}
	if (!normal_or_zero(out))
		return false;
	const unsigned flags = _mm_getcsr();
	/* PE (inexact) alone is fine; a zero result must be exact */
	if ((flags & MX_EXC) || ((flags & MX_PE) && !(out << 1)))
		return false;
	*fc = out;
	if ((flags & MX_PE) && ine)
		*fpcr = record(*fpcr, X_INE);
	return true;
}
#else
bool fpu_fast(enum fpu_op op, unsigned q, uint64_t *fpcr, uint64_t fa, uint64_t fb,
              uint64_t *fc)
{
	(void)op; (void)q; (void)fpcr; (void)fa; (void)fb; (void)fc;
	return false;
}
#endif

