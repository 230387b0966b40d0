/*
 * test_fpu.c - unit tests of the Alpha IEEE operates (isa/fpu.c) against
 * an independent reference: the host's IEEE-754 arithmetic, in each of
 * the four rounding modes, on random and near-underflow operands; plus
 * architected special cases written out by hand from the Alpha
 * Architecture Reference Manual (4.7.10 NaN rules, 4.7.9 qualifiers);
 * and the fast path (fpu_fast) against fpu_compute.
 */
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "testprogs/lib/xorshift.h"
#include "isa/fpu.h"
#include "isa/isa.h"

#define LINUX_FPCR 0x680e800000000000ull   /* a Linux process's default */
#define Q(trap, round) ((trap) << 2 | (round))
enum { R_CHOP, R_MINUS, R_NORMAL, R_DYN };
enum { T_NONE = 0, T_U = 1, T_SU = 5, T_SUI = 7 };

static uint64_t bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double dbl(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t sreg(float f) { uint32_t u; memcpy(&u, &f, 4); return fp_s_to_reg(u); }
static float flt(uint64_t r) { uint32_t u = fp_reg_to_s(r); float f; memcpy(&f, &u, 4); return f; }

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint64_t next(void) { return xorshift64(&rng); }
/* A finite double, sometimes tiny so results underflow. */
static double operand(void)
{
	uint64_t u = next();
	unsigned e = (unsigned)(u >> 52) & 0x7ff;
	if (e == 0x7ff)
		e = 0x7fe;
	if (next() & 1)
		e = (e & 0x3f) + 1;              /* near the bottom of the range */
	return dbl((u & 0x800fffffffffffffull) | (uint64_t)e << 52);
}

static const int host_mode[4] = { FE_TOWARDZERO, FE_DOWNWARD, FE_TONEAREST, FE_UPWARD };
static const enum fpu_op t_ops[] = { FPU_ADDT, FPU_SUBT, FPU_MULT, FPU_DIVT };
static const enum fpu_op s_ops[] = { FPU_ADDS, FPU_SUBS, FPU_MULS, FPU_DIVS };

/* The host's own arithmetic in type T, through memory (volatile) so that
 * it rounds in the mode set: what the FPU's result must be. */
#define HOST_ARITH(fn, T, ADD, SUB, MUL)                                    \
	static T fn(enum fpu_op op, T a, T b)                               \
	{                                                                   \
		volatile T x = a, y = b;                                    \
		switch (op) {                                               \
		case ADD: return x + y;                                     \
		case SUB: return x - y;                                     \
		case MUL: return x * y;                                     \
		default:  return x / y;                                     \
		}                                                           \
	}
HOST_ARITH(host_t, double, FPU_ADDT, FPU_SUBT, FPU_MULT)
HOST_ARITH(host_s, float, FPU_ADDS, FPU_SUBS, FPU_MULS)

/* /SU with traps disabled gives the IEEE result in every rounding mode
 * (qualifier or dynamic), denormals included. */
static void matches_host_ieee(void **state)
{
	(void)state;
	struct fpu_result r;
	for (int i = 0; i < 20000; i++) {
		double a = operand(), b = operand();
		for (unsigned m = 0; m < 4; m++) {
			/* qualifier rounding for modes 0-2, FPCR.DYN = +inf for 3 */
			unsigned q = Q(T_SU, m == 3 ? R_DYN : m);
			uint64_t fpcr = LINUX_FPCR;
			if (m == 3)
				fpcr = (fpcr & ~(3ull << FPCR_DYN_SHIFT)) | 3ull << FPCR_DYN_SHIFT;
			fesetround(host_mode[m]);
			for (unsigned k = 0; k < 4; k++) {
				double want = host_t(t_ops[k], a, b);
				float wants = host_s(s_ops[k], (float)a, (float)b);
				fesetround(FE_TONEAREST);
				fpu_compute(t_ops[k], q, fpcr, bits(a), bits(b), &r);
				if (r.value != bits(want) || r.trap)
					fail_msg("op %u mode %u: %a, %a -> %a, want %a", k, m,
					         a, b, dbl(r.value), want);
				fpu_compute(s_ops[k], q, fpcr, sreg((float)a), sreg((float)b), &r);
				if (r.value != sreg(wants) || r.trap)
					fail_msg("S op %u mode %u: %a, %a -> %a, want %a", k, m,
					         (double)(float)a, (double)(float)b,
					         (double)flt(r.value), (double)wants);
				fesetround(host_mode[m]);
			}
		}
		fesetround(FE_TONEAREST);
		double want = sqrt(fabs(a));
		fpu_compute(FPU_SQRTT, Q(T_SU, R_NORMAL), LINUX_FPCR, 0, bits(fabs(a)), &r);
		assert_int_equal(r.value, bits(want));
	}
}

static void architected_cases(void **state)
{
	(void)state;
	struct fpu_result r;
	const uint64_t qnan_a = 0x7ff8000000000001ull, qnan_b = 0x7ff8000000000002ull;
	const uint64_t snan_b = 0x7ff0000000000002ull;
	/* Two NaNs: Fb's is returned (ARM 4.7.10, table 4-9) */
	fpu_compute(FPU_ADDT, Q(T_SU, R_NORMAL), LINUX_FPCR, qnan_a, qnan_b, &r);
	assert_int_equal(r.value, qnan_b);
	/* a signalling NaN is returned quieted, and INV is recorded */
	fpu_compute(FPU_ADDT, Q(T_SU, R_NORMAL), LINUX_FPCR, bits(1.0), snan_b, &r);
	assert_int_equal(r.value, snan_b | 1ull << 51);
	assert_true(r.fpcr & FPCR_INV);
	/* an invalid operation makes the canonical quiet NaN, sign set */
	fpu_compute(FPU_SUBT, Q(T_SU, R_NORMAL), LINUX_FPCR, bits(INFINITY),
	            bits(INFINITY), &r);
	assert_int_equal(r.value, 0xfff8000000000000ull);
	/* without /S a NaN operand traps as invalid, with nothing written */
	fpu_compute(FPU_ADDT, Q(T_NONE, R_NORMAL), LINUX_FPCR, qnan_a, bits(1.0), &r);
	assert_false(r.write);
	assert_true(r.trap & (1u << 11));                 /* EXC_SUM INV */
	/* without /U an underflow gives a true zero and no trap */
	fpu_compute(FPU_MULT, Q(T_NONE, R_NORMAL), LINUX_FPCR, bits(0x1p-600),
	            bits(0x1p-600), &r);
	assert_int_equal(r.value, 0);
	assert_int_equal(r.trap, 0);
	/* with /SU and UNFD clear the underflow traps, with SWC set */
	fpu_compute(FPU_MULT, Q(T_SU, R_NORMAL), LINUX_FPCR & ~FPCR_UNFD,
	            bits(0x1p-600), bits(0x1p-600), &r);
	assert_true(r.trap & (1u << 10));                 /* EXC_SUM SWC */
	assert_true(r.trap & (1u << 14));                 /* EXC_SUM UNF */
	/* division by zero with /SU and DZED set: infinity, DZE recorded */
	fpu_compute(FPU_DIVT, Q(T_SU, R_NORMAL), LINUX_FPCR, bits(1.0), 0, &r);
	assert_int_equal(r.value, bits(INFINITY));
	assert_true(r.fpcr & FPCR_DZE);
	assert_int_equal(r.trap, 0);
	/* CVTTQ/C truncates; out of range gives the low 64 bits and IOV */
	fpu_compute(FPU_CVTTQ, Q(T_NONE, R_CHOP), LINUX_FPCR, 0, bits(-2.75), &r);
	assert_int_equal(r.value, (uint64_t)-2);
	fpu_compute(FPU_CVTTQ, Q(T_SU, R_CHOP), LINUX_FPCR, 0, bits(0x1p64 + 0x1p12), &r);
	assert_int_equal(r.value, 1ull << 12);
	assert_true(r.fpcr & FPCR_IOV);
	/* CMPTxx true is 2.0 (0x4000...), false is +0 */
	fpu_compute(FPU_CMPTLT, Q(T_SU, R_NORMAL), LINUX_FPCR, bits(1.0), bits(2.0), &r);
	assert_int_equal(r.value, 0x4000000000000000ull);
	fpu_compute(FPU_CMPTLT, Q(T_SU, R_NORMAL), LINUX_FPCR, bits(2.0), bits(1.0), &r);
	assert_int_equal(r.value, 0);
}

/*
 * Wherever fpu_fast takes an operation it gives fpu_compute's result and
 * FPCR: random operands (tiny ones, so results underflow; small integers,
 * so results are exact; equal ones, so a difference is exactly zero),
 * every qualifier and rounding it may take or refuse, and FPCRs with INE
 * recorded or not, in one sequence, so that each call finds the host's
 * status flags as the last left them (fpu_fast clears them only when
 * they would mislead it).  It must take most of them, too.
 */
static void fast_agrees_with_compute(void **state)
{
	(void)state;
	static const unsigned quals[] = {
		Q(T_NONE, R_NORMAL), Q(T_U, R_NORMAL), Q(T_SU, R_NORMAL),
		Q(T_NONE, R_DYN), Q(T_SUI, R_NORMAL), Q(T_NONE, R_CHOP),
	};
	static const uint64_t fpcrs[] = {
		LINUX_FPCR, LINUX_FPCR | FPCR_INE | FPCR_SUM, LINUX_FPCR | FPCR_INE,
	};
	const unsigned n = 200000;
	unsigned taken = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t u = next();
		enum fpu_op op = (u & 4) ? s_ops[u & 3] : t_ops[u & 3];
		unsigned q = quals[(u >> 3) % 6];
		uint64_t fpcr = fpcrs[(u >> 8) % 3];
		double a = operand(), b = operand();
		switch ((u >> 12) & 7) {
		case 0: case 1:
			a = (double)(int)(next() % 64) - 32;
			b = (double)(int)(next() % 64) - 32;
			break;
		case 2:
			b = a;
			break;
		default:
			break;
		}
		uint64_t fa = (u & 4) ? sreg((float)a) : bits(a);
		uint64_t fb = (u & 4) ? sreg((float)b) : bits(b);
		uint64_t fast_fpcr = fpcr, fc = 0x5555;
		bool took = fpu_fast(op, q, &fast_fpcr, fa, fb, &fc);
		struct fpu_result r;
		fpu_compute(op, q, fpcr, fa, fb, &r);
		if (took) {
			taken++;
			if (r.trap || !r.write || r.value != fc || r.fpcr != fast_fpcr)
				fail_msg("op %u q %#x fpcr %#llx: %a, %a -> %#llx fpcr %#llx, "
				         "fpu_compute %#llx fpcr %#llx trap %#llx", op, q,
				         (unsigned long long)fpcr, a, b, (unsigned long long)fc,
				         (unsigned long long)fast_fpcr, (unsigned long long)r.value,
				         (unsigned long long)r.fpcr, (unsigned long long)r.trap);
		} else if (fast_fpcr != fpcr || fc != 0x5555) {
			fail_msg("op %u: refused, but wrote the FPCR or the result", op);
		}
	}
	print_message("fpu_fast took %u of %u\n", taken, n);
	assert_true(taken > n / 3);
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test(matches_host_ieee),
	cmocka_unit_test(architected_cases),
	cmocka_unit_test(fast_agrees_with_compute),
)
