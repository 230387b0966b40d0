/*
 * ctl_misc.c - the miscellaneous instructions (Alpha Architecture
 * Reference Manual, 4th ed., 4.11): MB, WMB, TRAPB, EXCB, FETCH and
 * FETCH_M raise no exception and change no register; RPCC counts up;
 * RC and RS read the interrupt flag and clear or set it; AMASK and
 * IMPLVER (4.11.1, 4.11.4, appendix D).
 *
 * qemu-alpha reports its own CPU, an EV67 (AMASK clears BWX, FIX, CIX,
 * MVI, the precise-trap bit 9 and bit 12; IMPLVER 2); alphasim is a 21164
 * (EV5: AMASK clears nothing; EV56: BWX; IMPLVER 1).  Each side checks the
 * values it must have, and both print the same text when they do.
 */
#include "conform.h"

/* Each instruction between two copies of a register that must survive. */
#define NOFAULT(fn, insn)                                                   \
	static void fn(void *p)                                             \
	{                                                                   \
		uint64_t *v = p, x = v[0];                                  \
		__asm__ volatile(insn : "+r"(x) : "r"(v[1]) : "memory");    \
		v[0] = x;                                                   \
	}
NOFAULT(do_mb, "mb")
NOFAULT(do_wmb, "wmb")
NOFAULT(do_trapb, "trapb")
NOFAULT(do_excb, "excb")
NOFAULT(do_fetch, "fetch (%1)")
NOFAULT(do_fetch_m, "fetch_m (%1)")

static const struct {
	const char *name;
	void (*fn)(void *);
	int any_address;        /* also at address 0 */
} nofault[] = {
	{ "mb", do_mb, 0 }, { "wmb", do_wmb, 0 }, { "trapb", do_trapb, 0 },
	{ "excb", do_excb, 0 }, { "fetch", do_fetch, 1 },
	{ "fetch_m", do_fetch_m, 1 },
};

/* An instruction whose one register operand is its result (RPCC, RC and
 * RS name it Ra; AMASK with a literal and IMPLVER, Rc). */
#define READ_RC(fn, insn)                                                   \
	static uint64_t fn(void)                                            \
	{                                                                   \
		uint64_t r;                                                 \
		__asm__ volatile(insn " %0" : "=r"(r));                     \
		return r;                                                   \
	}
READ_RC(rpcc, "rpcc")
READ_RC(rc, "rc")
READ_RC(rs, "rs")
READ_RC(amask_lit, "amask 0xff,")
READ_RC(implver, "implver")

static uint64_t amask(uint64_t b)
{
	uint64_t r;
	__asm__ volatile("amask %1, %0" : "=r"(r) : "r"(b));
	return r;
}

/* AMASK bits (ARM appendix D). */
#define AM_BWX  (1u << 0)
#define AM_FIX  (1u << 1)
#define AM_CIX  (1u << 2)
#define AM_MVI  (1u << 8)

static void check(const char *what, int ok)
{
	tio_printf("%s: %s\n", what, ok ? "ok" : "WRONG");
	conform_bad |= !ok;
	conform_values++;
}

int main(void)
{
	static uint64_t mem[4];
	for (unsigned i = 0; i < N_OF(nofault); i++)
		for (int zero = 0; zero <= nofault[i].any_address; zero++) {
			uint64_t v[2] = { 0x1234, zero ? 0 : (uint64_t)(uintptr_t)mem };
			struct trap_info t;
			trap_run(nofault[i].fn, v, &t);
			tio_printf("%s%s: %s, register %s\n", nofault[i].name,
			           zero ? " at 0" : "", trap_class_name(t.cls),
			           v[0] == 0x1234 ? "kept" : "changed");
			conform_values++;
		}

	/* RPCC: the low 32 bits count up (ARM 4.11.7).  Every interval must
	 * be positive; most must also be short.  Not all: qemu-alpha reads
	 * the host's time-stamp counter, which goes on counting while the
	 * host deschedules it (under CI's load an interval once passed a
	 * million cycles).  A counter returning noise would fail "most": a
	 * random 32-bit difference is under a million once in 4000. */
	uint64_t c0 = rpcc(), c1 = c0;
	int up = 1;
	unsigned shortish = 0;
	for (unsigned i = 0; i < 100; i++) {
		c1 = rpcc();
		for (volatile int k = 0; k < 10; k++)
			;
		uint64_t c2 = rpcc();
		up &= (uint32_t)(c2 - c1) > 0;
		shortish += (uint32_t)(c2 - c1) < 1000000;
	}
	check("rpcc counts up", up && shortish >= 90 && (uint32_t)(c1 - c0) > 0);

	/* RC/RS: the first RC returns the flag as the program found it;
	 * then RS, RS, RC, RC see 0, 1, 1, 0 (ARM 4.11.8). */
	(void)rc();
	uint64_t f[4];
	f[0] = rs();
	f[1] = rs();
	f[2] = rc();
	f[3] = rc();
	check("rc/rs", f[0] == 0 && f[1] == 1 && f[2] == 1 && f[3] == 0);

	/* AMASK: Rc = Rb with the bits of implemented extensions cleared. */
	uint64_t impl = ~amask(~0ull);
	int consistent = amask_lit() == (0xff & ~impl);
	for (unsigned i = 0; i < N_OF(edges); i++)
		consistent &= amask(edges[i]) == (edges[i] & ~impl);
	check("amask clears the same bits for every operand", consistent);
	uint64_t iv = implver();
#if ON_LINUX
	check("amask and implver describe one processor",
	      iv == 2 ? (impl & (AM_BWX | AM_FIX | AM_CIX)) == (AM_BWX | AM_FIX | AM_CIX)
	              : iv <= 1 && !(impl & ~(uint64_t)(AM_BWX | AM_MVI)));
#else
	check("amask and implver describe one processor",
	      iv == 1 && (impl == 0 || impl == AM_BWX));
#endif
	return conform_end("ctl_misc");
}
