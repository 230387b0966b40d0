/*
 * sysproc.c - process, identity, signal, time and randomness system
 * calls (Linux/Alpha: arch/alpha/kernel/osf_sys.c and signal.c for the
 * Alpha-specific conventions; layouts from the cross toolchain's asm/
 * headers).  Signal actions and masks are recorded, not delivered: a
 * signal whose default action ends the process ends it.
 */
#include "minios/defs.h"
#include <asm/fpu.h>
#include <asm/resource.h>
#include <asm/sysinfo.h>

int64_t sys_exit(struct trapframe *tf)
{
	proc_exit(proc_current(), (int)(ARG(tf, 0) & 0xff));
}
int64_t sys_exit_group(struct trapframe *tf) { return sys_exit(tf); }

/* getxpid/getxuid/getxgid return a second value in a4 (r20). */
int64_t sys_getxpid(struct trapframe *tf) { tf->r[20] = 0; return proc_current()->pid; }
int64_t sys_getxuid(struct trapframe *tf) { tf->r[20] = 0; return 0; }
int64_t sys_getxgid(struct trapframe *tf) { tf->r[20] = 0; return 0; }
int64_t sys_geteuid(struct trapframe *tf) { (void)tf; return 0; }
int64_t sys_getegid(struct trapframe *tf) { (void)tf; return 0; }
int64_t sys_getppid(struct trapframe *tf) { (void)tf; return 0; }
int64_t sys_gettid(struct trapframe *tf) { (void)tf; return proc_current()->pid; }
int64_t sys_umask(struct trapframe *tf) { (void)tf; return 022; }
int64_t sys_sched_yield(struct trapframe *tf) { (void)tf; return 0; }

int64_t sys_uname(struct trapframe *tf)
{
	static const char f[6][65] = {
		"Linux", "minios", "6.1.0-minios", "#1 minios", "alpha", "(none)",
	};
	return copyout(proc_current(), ARG(tf, 0), f, sizeof f);
}

int64_t sys_set_tid_address(struct trapframe *tf)
{
	struct proc *p = proc_current();
	p->tid_address = ARG(tf, 0);
	return p->pid;
}

int64_t sys_set_robust_list(struct trapframe *tf)
{
	if (ARG(tf, 1) != 24)
		return -EINVAL;
	proc_current()->robust_list = ARG(tf, 0);
	return 0;
}

/* rt_sigaction(sig, act, oact, sigsetsize, restorer): struct sigaction
 * on Alpha is { handler, flags, mask }, 8 bytes each. */
int64_t sys_rt_sigaction(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t sig = ARG(tf, 0);
	if (sig < 1 || sig > NSIG || ARG(tf, 3) != 8)
		return -EINVAL;
	struct ksigaction old = p->sig[sig - 1], new;
	if (ARG(tf, 1)) {
		if (sig == 9 || sig == 19)             /* SIGKILL, SIGSTOP */
			return -EINVAL;
		if (copyin(p, &new, ARG(tf, 1), sizeof new))
			return -EFAULT;
		p->sig[sig - 1] = new;
	}
	if (ARG(tf, 2) && copyout(p, ARG(tf, 2), &old, sizeof old))
		return -EFAULT;
	return 0;
}

/* rt_sigprocmask(how, set, oset, sigsetsize) */
int64_t sys_rt_sigprocmask(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t old = p->sigmask, set;
	if (ARG(tf, 3) != 8)
		return -EINVAL;
	if (ARG(tf, 1)) {
		if (copyin(p, &set, ARG(tf, 1), 8))
			return -EFAULT;
		switch (ARG(tf, 0)) {
		case 1: p->sigmask |= set; break;           /* SIG_BLOCK   */
		case 2: p->sigmask &= ~set; break;          /* SIG_UNBLOCK */
		case 3: p->sigmask = set; break;            /* SIG_SETMASK */
		default: return -EINVAL;
		}
		p->sigmask &= ~((1ul << 8) | (1ul << 16));  /* KILL, STOP  */
	}
	if (ARG(tf, 2) && copyout(p, ARG(tf, 2), &old, 8))
		return -EFAULT;
	return 0;
}

/* kill/tgkill of ourselves: a signal whose action is the default ends
 * the process as Linux would (status 128 + signal as a shell sees it);
 * one being ignored, caught or blocked is dropped. */
static int64_t signal_self(uint64_t sig)
{
	struct proc *p = proc_current();
	if (sig == 0)
		return 0;
	if (sig > NSIG)
		return -EINVAL;
	uint64_t h = p->sig[sig - 1].handler;
	bool ignore_default = sig == 20 || sig == 23 || sig == 28;  /* CHLD URG WINCH */
	if (h == 0 && !ignore_default && !(p->sigmask & (1ul << (sig - 1))))
		proc_exit(p, 128 + (int)sig);
	return 0;
}

int64_t sys_kill(struct trapframe *tf)
{
	if ((int64_t)ARG(tf, 0) != proc_current()->pid && (int64_t)ARG(tf, 0) != 0)
		return -ESRCH;
	return signal_self(ARG(tf, 1));
}

int64_t sys_tgkill(struct trapframe *tf)
{
	struct proc *p = proc_current();
	if ((int64_t)ARG(tf, 0) != p->pid || (int64_t)ARG(tf, 1) != p->pid)
		return -ESRCH;
	return signal_self(ARG(tf, 2));
}

/* prlimit64(pid, resource, new, old): fixed limits; new ones ignored. */
int64_t sys_prlimit64(struct trapframe *tf)
{
	uint64_t r = ARG(tf, 1), lim[2] = { ~0ul, ~0ul };
	if (ARG(tf, 0) && (int64_t)ARG(tf, 0) != proc_current()->pid)
		return -ESRCH;
	if (r >= 16)
		return -EINVAL;
	if (r == RLIMIT_STACK)
		lim[0] = STACK_MAX;
	if (r == RLIMIT_NOFILE)
		lim[0] = lim[1] = NOFILE;
	if (ARG(tf, 3) && copyout(proc_current(), ARG(tf, 3), lim, sizeof lim))
		return -EFAULT;
	return 0;
}

/* getrandom(buf, len, flags): splitmix64 from the boot block's seed, so
 * a run is reproducible. */
static uint64_t rng_state;
static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ul);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ul;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebul;
	return z ^ (z >> 31);
}

void random_bytes(void *buf, size_t n)
{
	if (!rng_state)
		rng_state = bootblock->seed ^ 0x6d696e696f73ul;
	for (uint8_t *b = buf; n; ) {
		uint64_t v = rng_next();
		for (int i = 0; i < 8 && n; i++, n--, v >>= 8)
			*b++ = (uint8_t)v;
	}
}

int64_t sys_getrandom(struct trapframe *tf)
{
	uint64_t n = ARG(tf, 1) < 256 ? ARG(tf, 1) : 256;
	uint8_t buf[256];
	random_bytes(buf, n);
	return copyout(proc_current(), ARG(tf, 0), buf, n) ? -EFAULT : (int64_t)n;
}

/* ---- time: simulated cycles at the boot block's clock --------------- */

static void now(bool realtime, uint64_t *s, uint64_t *ns)
{
	uint64_t hz = bootblock->clock_hz, rem;
	*s = udiv(machine_cycles(), hz, &rem);
	*ns = udiv(rem * 1000000000ul, hz, NULL);
	if (realtime)
		*s += bootblock->epoch_s;
}

int64_t sys_clock_gettime(struct trapframe *tf)
{
	uint64_t clk = ARG(tf, 0), ts[2];
	if (clk > 7)                 /* REALTIME, MONOTONIC, ..., BOOTTIME */
		return -EINVAL;
	now(clk == 0, &ts[0], &ts[1]);
	return copyout(proc_current(), ARG(tf, 1), ts, sizeof ts);
}

int64_t sys_gettimeofday(struct trapframe *tf)
{
	uint64_t tv[2];
	now(true, &tv[0], &tv[1]);
	tv[1] = udiv(tv[1], 1000, NULL);
	if (ARG(tf, 0) && copyout(proc_current(), ARG(tf, 0), tv, sizeof tv))
		return -EFAULT;
	return 0;
}

/* nanosleep: nothing else runs, so the sleep ends at once. */
int64_t sys_nanosleep(struct trapframe *tf)
{
	uint64_t ts[2];
	if (copyin(proc_current(), ts, ARG(tf, 0), sizeof ts))
		return -EFAULT;
	return ts[1] >= 1000000000ul ? -EINVAL : 0;
}

/* osf_getsysinfo/osf_setsysinfo: the IEEE software FP control word, as
 * Linux keeps it (osf_sys.c): its trap enables and mapping bits go into
 * the FPCR's disable bits (ieee_swcr_to_fpcr, asm/fpu.h). */
int64_t sys_osf_getsysinfo(struct trapframe *tf)
{
	struct proc *p = proc_current();
	if (ARG(tf, 0) != GSI_IEEE_FP_CONTROL)
		return -EOPNOTSUPP;
	uint64_t w = p->ieee_state & IEEE_SW_MASK;
	return copyout(p, ARG(tf, 1), &w, sizeof w);
}

int64_t sys_osf_setsysinfo(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t swcr;
	if (ARG(tf, 0) != SSI_IEEE_FP_CONTROL)
		return -EOPNOTSUPP;
	if (copyin(p, &swcr, ARG(tf, 1), sizeof swcr))
		return -EFAULT;
	p->ieee_state = (p->ieee_state & ~IEEE_SW_MASK) | (swcr & IEEE_SW_MASK);
	fpcr_write((fpcr_read() & FPCR_DYN_MASK) | ieee_swcr_to_fpcr(swcr));
	return 0;
}
