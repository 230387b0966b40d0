/*
 * fp_common.h - what the IEEE floating-point conformance programs
 * (testprogs/isa/fp_*.c) share: FPCR access, operand tables and a fixed
 * pseudo-random source, one-instruction snippets, and printing that
 * stays identical between alphasim and qemu-alpha where qemu departs
 * from the Alpha Architecture Reference Manual (4th ed., 4.7.10; see
 * docs/fp.md, "qemu-alpha deviations"): there the bare-metal side checks
 * the architected answer and both sides print the same token.
 *
 * Values are register images (64 bits, T layout); an S operand is the
 * image LDS would make of its memory format (ARM 4.8.5).
 */
#ifndef FP_COMMON_H
#define FP_COMMON_H

#include <stdint.h>
#include "tio.h"
#include "trap.h"
#include "xorshift.h"

/* The FPCR Linux gives a new process (measured under qemu-alpha): all
 * IEEE trap disables and DNOD set, round to nearest (ARM 4.7.8). */
#define LINUX_FPCR   0x680e800000000000ull
#define FPCR_DNZ     (1ull << 48)
#define FPCR_INVD    (1ull << 49)
#define FPCR_DZED    (1ull << 50)
#define FPCR_OVFD    (1ull << 51)
#define FPCR_INV     (1ull << 52)
#define FPCR_UNF     (1ull << 55)
#define FPCR_INE     (1ull << 56)
#define FPCR_UNDZ    (1ull << 60)
#define FPCR_UNFD    (1ull << 61)
#define FPCR_INED    (1ull << 62)
#define FPCR_STATUS  (0x3full << 52)
#define FPCR_DYN(m)  ((uint64_t)(m) << 58)    /* 0 C, 1 M, 2 N, 3 P */
#define FPCR_DYN_MASK FPCR_DYN(3)

#define CANON_QNAN   0xfff8000000000000ull    /* ARM 4.7.10.3 */
#define QUIET_BIT    (1ull << 51)

#define N_OF(a) (sizeof (a) / sizeof (a)[0])

/* The alpha-linux-gnu compiler defines __linux__ for the bare-metal
 * build too; -ffreestanding is what tells them apart. */
#define ON_LINUX __STDC_HOSTED__

union fpbits { uint64_t u; double d; };
static inline double as_d(uint64_t u) { union fpbits b = { .u = u }; return b.d; }
static inline uint64_t as_u(double d) { union fpbits b = { .d = d }; return b.u; }

static inline uint64_t fpcr_get(void)
{
	double f;
	__asm__ volatile("trapb\n\tmf_fpcr %0\n\ttrapb" : "=f"(f));
	return as_u(f);
}

static inline void fpcr_set(uint64_t v)
{
	__asm__ volatile("trapb\n\tmt_fpcr %0\n\ttrapb" : : "f"(as_d(v)));
}

static const char *fp_name;     /* the program's, for its last line  */
static unsigned long fp_count;  /* the operations printed (put_end)  */

/* Programs start from Linux's FPCR on both sides and say so. */
static inline void fp_start(const char *name)
{
	fp_name = name;
#if !ON_LINUX
	fpcr_set(LINUX_FPCR);
#endif
	tio_printf("%s: initial fpcr %016lx\n", name, fpcr_get());
}

/* ---- operands ---------------------------------------------------- */

/* S memory format to register image, as LDS does (ARM 4.8.5). */
static inline uint64_t s2r(uint32_t s)
{
	uint64_t e = (s >> 23) & 0xff;
	e = e == 0xff ? 0x7ff : e == 0 ? 0 : (e & 0x80) ? 0x400 | (e & 0x7f) :
	    0x380 | (e & 0x7f);
	return (uint64_t)(s >> 31) << 63 | e << 52 | (uint64_t)(s & 0x7fffff) << 29;
}

/* Edge values: zeros, denormals, normal limits, values around 1 and
 * around rounding boundaries, infinities, quiet and signalling NaNs with
 * payloads and both signs. */
static const uint64_t t_edges[] = {
	0x0000000000000000, 0x8000000000000000, 0x0000000000000001,
	0x8000000000000001, 0x000fffffffffffff, 0x800fffffffffffff,
	0x0008000000000000, 0x0010000000000000, 0x8010000000000000,
	0x0010000000000001, 0x001fffffffffffff, 0x0020000000000000,
	0x7fefffffffffffff, 0xffefffffffffffff, 0x7fe0000000000000,
	0x3ff0000000000000, 0xbff0000000000000, 0x3ff0000000000001,
	0x3fefffffffffffff, 0xbfefffffffffffff, 0x3ff8000000000000,
	0x4000000000000000, 0xc008000000000000, 0x3fd5555555555555,
	0x4340000000000000, 0x4340000000000001, 0x3ca0000000000000,
	0x3c90000000000001, 0x43e0000000000000, 0xc3e0000000000000,
	0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
	0xfff8000000000000, 0x7ffc00000000abcd, 0xfff8000000001234,
	0x7ff0000000000001, 0xfff4000000005678, 0x7ff7ffffffffffff,
	0x3e50000000000000, 0x4ff0000000000000, 0x2ff0000000000000,
};
static const uint32_t s_edges[] = {
	0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff,
	0x807fffff, 0x00400000, 0x00800000, 0x80800000, 0x00800001,
	0x00ffffff, 0x01000000, 0x7f7fffff, 0xff7fffff, 0x7f000000,
	0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0xbf7fffff,
	0x3fc00000, 0x40000000, 0xc0400000, 0x3eaaaaab, 0x4b800000,
	0x4b800001, 0x33800000, 0x33000001, 0x5f000000, 0xdf000000,
	0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fe0abcd,
	0xffc01234, 0x7f800001, 0xffa05678, 0x7fbfffff, 0x1f800000,
	0x5f800000, 0x20000000,
};

/* A fixed-seed xorshift64 (the same sequence on both sides). */
static uint64_t fp_rng_state = 0x9e3779b97f4a7c15ull;
static inline uint64_t rng(void)
{
	return xorshift64(&fp_rng_state);
}

/* A random number below n (< 2^32) without a division: the bare
 * runtime divides in software. */
static inline uint64_t rng_below(uint64_t n)
{
	return ((rng() >> 32) * n) >> 32;
}

/* A fraction of fbits bits: random, or with long runs of zeros or ones
 * so that results land on and next to rounding ties. */
static inline uint64_t rng_frac(unsigned fbits)
{
	uint64_t mask = (1ull << fbits) - 1, f = rng() & mask;
	switch (rng() % 4) {
	case 0: f &= mask << rng_below(fbits); break;
	case 1: f |= mask >> rng_below(fbits); break;
	default: break;
	}
	return f;
}

/* A random exponent field: anywhere, or near the ends of the range, or
 * near the middle. */
static inline uint64_t rng_exp(unsigned emax, unsigned bias)
{
	switch (rng() % 8) {
	case 0: return rng() % 3;
	case 1: return emax - 1 - rng() % 3;
	case 2: case 3: return bias - 4 + rng() % 9;
	case 4: return rng() % 64 == 0 ? emax : rng_below(emax);
	default: return rng_below(emax);
	}
}

static inline uint64_t rng_t(void)
{
	return (rng() & 1ull << 63) | rng_exp(0x7ff, 1023) << 52 | rng_frac(52);
}

static inline uint64_t rng_s(void)
{
	uint32_t s = (uint32_t)(rng() & 1) << 31 | (uint32_t)rng_exp(0xff, 127) << 23 |
	             (uint32_t)rng_frac(23);
	return s2r(s);
}

/* Register image to S memory format, as STS does (ARM 4.8.9). */
static inline uint32_t r2s(uint64_t r)
{
	return (uint32_t)((r >> 32) & 0xc0000000) | (uint32_t)((r >> 29) & 0x3fffffff);
}

/* A second operand near the first (close exponents exercise
 * cancellation and rounding of sums), or an independent one. */
static inline uint64_t rng_near(uint64_t a, int s)
{
	if (rng() & 1)
		return s ? rng_s() : rng_t();
	unsigned fbits = s ? 23 : 52, emax = s ? 0xff : 0x7ff;
	uint64_t x = s ? r2s(a) : a;
	uint64_t e = (x >> fbits) & emax, d = rng_below(fbits + 4);
	uint64_t e2 = rng() & 1 ? e + d : e - d;
	if (e2 == 0 || e2 >= emax)
		e2 = e;
	x = (rng() & 1) << (fbits + (s ? 8 : 11)) | e2 << fbits | rng_frac(fbits);
	return s ? s2r((uint32_t)x) : x;
}

/* ---- printing ------------------------------------------------------ */

/*
 * Lines are built here and handed to tio_printf whole: tio's %x divides,
 * which the bare runtime does in software, and these programs print
 * hundreds of thousands of hex numbers.
 */
static char fp_line[256];
static unsigned fp_len;

static inline void put_str(const char *s)
{
	while (*s && fp_len < sizeof fp_line - 2)
		fp_line[fp_len++] = *s++;
}

/* " " and v as digits hex digits */
static inline void put_hex(uint64_t v, unsigned digits)
{
	put_str(" ");
	while (digits-- && fp_len < sizeof fp_line - 2)
		fp_line[fp_len++] = "0123456789abcdef"[(v >> (4 * digits)) & 15];
}

/* The end of one operation's line: printed, and the operation counted. */
static inline void put_end(void)
{
	fp_line[fp_len++] = '\n';
	fp_line[fp_len] = 0;
	tio_printf("%s", fp_line);
	fp_len = 0;
	fp_count++;
}

/* The last line: how many operations, then tail; main's status. */
static inline int fp_end(const char *tail)
{
	tio_printf("%s: %lu operations%s\n", fp_name, fp_count, tail);
	return 0;
}

static inline int is_nan(uint64_t r)
{
	return ((r >> 52) & 0x7ff) == 0x7ff && (r << 12) != 0;
}

/*
 * A floating result.  qemu-alpha picks NaNs by x87 rules and generates
 * a positive quiet NaN; the architecture takes Fb's NaN before Fa's and
 * generates the canonical quiet NaN (ARM 4.7.10.3-4).  Where the two
 * rules can differ (both operands NaNs, or a NaN from non-NaN operands)
 * the bare side checks the architected NaN and both print a token.
 */
static inline void put_value(uint64_t r, int two, uint64_t a, uint64_t b)
{
	int na = two && is_nan(a), nb = is_nan(b);
	if (is_nan(r) && na == nb) {
		uint64_t arch = nb ? b | QUIET_BIT : CANON_QNAN;
		if (ON_LINUX || r == arch) {
			put_str(nb ? " nan2" : " qnan");
			return;
		}
	}
	put_hex(r, 16);
}

/*
 * The FPCR after an operation, bits 62:48.  qemu-alpha never sets SUM
 * (FPCR<63>, the OR of the status bits, ARM 4.7.8): the bare side checks
 * it and complains, the printed value leaves it out.
 */
static inline void put_fpcr(uint64_t f)
{
	if (!ON_LINUX && !(f >> 63) != !(f & FPCR_STATUS))
		put_str(" SUM-WRONG");
	put_hex((f >> 48) & 0x7fff, 4);
}

/* ---- one-instruction snippets -------------------------------------- */

typedef uint64_t (*fp_fn)(uint64_t a, uint64_t b);

/* OP2(fn, "insn"): fn(a, b) runs insn Fa=a, Fb=b and returns Fc;
 * OP1 is the same for an instruction of Fb only. */
#define OP2(fn, insn)                                                      \
	static uint64_t fn(uint64_t a, uint64_t b)                         \
	{                                                                  \
		double r;                                                  \
		__asm__ volatile(".arch ev6\n\t" insn " %1,%2,%0\n\ttrapb" \
		                 : "=&f"(r) : "f"(as_d(a)), "f"(as_d(b))); \
		return as_u(r);                                            \
	}
#define OP1(fn, insn)                                                      \
	static uint64_t fn(uint64_t a, uint64_t b)                         \
	{                                                                  \
		double r;                                                  \
		(void)a;                                                   \
		__asm__ volatile(".arch ev6\n\t" insn " %1,%0\n\ttrapb"    \
		                 : "=&f"(r) : "f"(as_d(b)));               \
		return as_u(r);                                            \
	}

/* Run fn(a, b) from FPCR f; the result and the FPCR afterwards. */
static inline uint64_t fp_run(fp_fn fn, uint64_t f, uint64_t a, uint64_t b,
                              uint64_t *fpcr)
{
	fpcr_set(f);
	uint64_t r = fn(a, b);
	*fpcr = fpcr_get();
	return r;
}

#endif
