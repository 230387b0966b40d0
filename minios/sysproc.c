/*
 * sysproc.c - process, identity, signal, time and randomness system
 * calls (Linux/Alpha: arch/alpha/kernel/osf_sys.c and signal.c for the
 * Alpha-specific conventions; layouts from the cross toolchain's asm/
 * headers); the process calls hand over to proc.c, the signal calls
 * are in signal.c.
 */
#include "minios/defs.h"
#include <asm/fpu.h>
#include <asm/resource.h>
#include <asm/sysinfo.h>
#include <linux/sysinfo.h>
#include <asm/signal.h>
#include <linux/sched.h>

int64_t sys_exit(struct trapframe *tf)
{
	proc_exit(proc_current(), W_EXITED(ARG(tf, 0)));
}

int64_t sys_exit_group(struct trapframe *tf)
{
	proc_exit_group(proc_current(), W_EXITED(ARG(tf, 0)));
}

static int ppid(const struct proc *p) { return p->parent ? p->parent->tgid : 0; }

/* The guest's user and group are the ids alphasim acts with on the
 * host (hostfs CRED, asked once): what the guest's files say of their
 * owners and what chown may do then agree, as for a process of that
 * user (docs/minios.md, "Files"). */
static struct hostfs_cred cred;
static bool cred_known;

static const struct hostfs_cred *creds(void)
{
	if (!cred_known) {
		if (hostfs_call(HOSTFS_CRED, V2P(&cred), 0, 0, 0, 0, 0) < 0)
			cred = (struct hostfs_cred){ 0, 0 };
		cred_known = true;
	}
	return &cred;
}

uint64_t cred_uid(void) { return creds()->uid; }
uint64_t cred_gid(void) { return creds()->gid; }

/* getxpid/getxuid/getxgid return a second value in a4 (r20): the
 * parent's pid, the effective ids (osf_sys.c). */
int64_t sys_getxpid(struct trapframe *tf)
{
	struct proc *p = proc_current();
	tf->r[20] = (uint64_t)ppid(p);
	return p->tgid;
}
int64_t sys_getxuid(struct trapframe *tf) { tf->r[20] = cred_uid(); return (int64_t)cred_uid(); }
int64_t sys_getxgid(struct trapframe *tf) { tf->r[20] = cred_gid(); return (int64_t)cred_gid(); }
int64_t sys_geteuid(struct trapframe *tf) { (void)tf; return (int64_t)cred_uid(); }
int64_t sys_getegid(struct trapframe *tf) { (void)tf; return (int64_t)cred_gid(); }
/* ---- process groups and sessions (kernel/sys.c) ---------------------- */

/* The process (its leader thread) with this pid, for the group calls. */
static struct proc *process(int64_t pid)
{
	struct proc *p = pid ? proc_find((int)pid) : proc_current();
	return p && p->pid == p->tgid ? p : NULL;
}

static void set_group(int tgid, int pgid, int sid)
{
	FOR_EACH_PROC(q)
		if (q->tgid == tgid) {
			q->pgid = pgid;
			q->sid = sid;
		}
}

/* setpgid(pid, pgid): a process may move itself or a child that has
 * not exec'd, within its session, to a group that exists there or to
 * one of its own; a session leader stays where it is. */
int64_t sys_setpgid(struct trapframe *tf)
{
	struct proc *me = proc_current();
	int64_t pid = (int64_t)ARG(tf, 0), pgid = (int64_t)ARG(tf, 1);
	if (pgid < 0)
		return -EINVAL;
	struct proc *p = process(pid ? pid : me->tgid);
	if (!p || (p->tgid != me->tgid && (!p->parent || p->parent->tgid != me->tgid)))
		return -ESRCH;
	if (!pgid)
		pgid = p->tgid;
	if (p->tgid != me->tgid && p->did_exec)
		return -EACCES;
	if (p->sid != me->sid || p->sid == p->tgid)
		return -EPERM;
	bool exists = pgid == p->tgid;
	FOR_EACH_PROC(q)
		if (q->pgid == pgid && q->sid == me->sid && q->state != P_UNUSED &&
		    q->state != P_EMBRYO && q->state != P_DEAD)
			exists = true;
	if (!exists)
		return -EPERM;
	set_group(p->tgid, (int)pgid, p->sid);
	return 0;
}

int64_t sys_getpgid(struct trapframe *tf)
{
	struct proc *p = process((int64_t)ARG(tf, 0));
	return p ? p->pgid : -ESRCH;
}

int64_t sys_getpgrp(struct trapframe *tf)
{
	(void)tf;
	return proc_current()->pgid;
}

int64_t sys_getsid(struct trapframe *tf)
{
	struct proc *p = process((int64_t)ARG(tf, 0));
	return p ? p->sid : -ESRCH;
}

/* setsid(): a new session and group led by the caller, unless it
 * already leads a group (or one has its number). */
int64_t sys_setsid(struct trapframe *tf)
{
	(void)tf;
	struct proc *me = proc_current();
	FOR_EACH_PROC(q)
		if (q->pgid == me->tgid && q->state != P_UNUSED && q->state != P_EMBRYO &&
		    q->state != P_DEAD)
			return -EPERM;
	set_group(me->tgid, me->tgid, me->tgid);
	return me->tgid;
}

int64_t sys_getppid(struct trapframe *tf) { (void)tf; return ppid(proc_current()); }
int64_t sys_gettid(struct trapframe *tf) { (void)tf; return proc_current()->pid; }

int64_t sys_sched_yield(struct trapframe *tf)
{
	(void)tf;
	yield();
	return 0;
}

/* clone(flags, newsp, ptid, ctid, tls), proc.c */
int64_t sys_clone(struct trapframe *tf)
{
	return proc_clone(tf, ARG(tf, 0), ARG(tf, 1), ARG(tf, 2), ARG(tf, 3), ARG(tf, 4));
}

/* fork and vfork: Alpha's own entries (arch/alpha/kernel/entry.S),
 * clone with SIGCHLD (and CLONE_VFORK | CLONE_VM). */
int64_t sys_fork(struct trapframe *tf)
{
	return proc_clone(tf, SIGCHLD, 0, 0, 0, 0);
}

int64_t sys_vfork(struct trapframe *tf)
{
	return proc_clone(tf, CLONE_VFORK | CLONE_VM | SIGCHLD, 0, 0, 0, 0);
}

/* wait4(pid, status, options, rusage), proc.c */
int64_t sys_wait4(struct trapframe *tf)
{
	return proc_wait((int64_t)ARG(tf, 0), ARG(tf, 1), ARG(tf, 2), ARG(tf, 3));
}

/* ---- execve --------------------------------------------------------- */

#define EXEC_STRINGS (128 * 1024)
#define EXEC_ARGS 2048
static char exec_path[PATH_MAX], exec_buf[EXEC_STRINGS];
static const char *exec_argv[EXEC_ARGS + 1], *exec_envp[EXEC_ARGS + 1];

/* The user's NULL-terminated array of strings at uv into v[], the
 * strings at *bufp; their number, or a negated errno. */
static int64_t copy_strings(struct proc *p, uint64_t uv, const char **v, char **bufp)
{
	int n = 0;
	for (; uv; n++) {
		uint64_t s;
		if (copyin(p, &s, uv + 8 * (uint64_t)n, 8))
			return -EFAULT;
		if (!s)
			break;
		if (n == EXEC_ARGS)
			return -E2BIG;
		int64_t len = copyinstr(p, *bufp, s, (size_t)(exec_buf + EXEC_STRINGS - *bufp));
		if (len < 0)
			return len == -ENAMETOOLONG ? -E2BIG : len;
		v[n] = *bufp;
		*bufp += len + 1;
	}
	v[n] = NULL;
	return n;
}

/* A private descriptor table and signal actions for exec, whose
 * close-on-exec and handler reset must not reach the process p shared
 * them with (Linux's unshare_files and de_thread, fs/exec.c). */
static int unshare_for_exec(struct proc *p)
{
	if (p->files->ref > 1) {
		struct fdtable *t = fdtable_copy(p->files);
		if (!t)
			return -ENOMEM;
		fdtable_put(p->files);
		p->files = t;
	}
	if (p->sighand->ref > 1) {
		struct sighand *sh = share_copy(p->sighand, sizeof *sh);
		if (!sh)
			return -ENOMEM;
		share_put(p->sighand);
		p->sighand = sh;
	}
	return 0;
}

/* execve(path, argv, envp): a new address space with the program
 * (exec.c), the old one dropped; the other threads end, descriptors
 * marked close-on-exec close, caught signals revert to the default
 * (Linux's fs/exec.c).  The vfork parent, if any, goes on. */
int64_t sys_execve(struct trapframe *tf)
{
	struct proc *p = proc_current();
	char *buf = exec_buf;
	int64_t len = copyinstr(p, exec_path, ARG(tf, 0), sizeof exec_path);
	if (len < 0)
		return len;
	int64_t argc = copy_strings(p, ARG(tf, 1), exec_argv, &buf);
	if (argc < 0)
		return argc;
	int64_t envc = copy_strings(p, ARG(tf, 2), exec_envp, &buf);
	if (envc < 0)
		return envc;
	int err = unshare_for_exec(p);
	if (err)
		return err;
	struct mm *old = p->mm;
	if (!(p->mm = mm_create())) {
		p->mm = old;
		return -ENOMEM;
	}
	uint64_t entry, sp;
	err = exec(p, exec_path, (int)argc, exec_argv, (int)envc, exec_envp, &entry, &sp);
	if (err) {
		mm_put(p->mm);
		p->mm = old;
		return err;
	}
	proc_reload(p);
	mm_put(old);
	FOR_EACH_PROC(q)
		if (q != p && q->tgid == p->tgid && q->state != P_UNUSED &&
		    q->state != P_EMBRYO && q->state != P_DEAD && q->state != P_ZOMBIE) {
			q->group_exit = true;
			signal_send(q, SIGKILL, NULL);
		}
	fd_close_on_exec(p);
	for (int i = 0; i < NSIGNAL; i++)
		if (p->sighand->action[i].handler != (uint64_t)SIG_IGN)
			p->sighand->action[i] = (struct ksigaction){ 0 };
	p->pcb.unique = 0;
	p->clear_tid = 0;
	p->ieee_state = 0;
	p->did_exec = true;
	p->sas_sp = p->sas_size = 0;
	p->sas_autodisarm = false;
	proc_vfork_release(p);
	memset(tf, 0, sizeof *tf);
	tf->ps = PS_USER;
	tf->pc = entry;
	tf->usp = sp;
	fp_exec();
	return -EJUSTRETURN;
}

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
	p->clear_tid = ARG(tf, 0);
	return p->pid;
}

int64_t sys_set_robust_list(struct trapframe *tf)
{
	if (ARG(tf, 1) != 24)
		return -EINVAL;
	proc_current()->robust_list = ARG(tf, 0);
	return 0;
}

/* Resource limits, Linux's start (include/asm-generic/resource.h,
 * INIT_RLIMITS), with the descriptor and thread limits minios has:
 * RLIMIT_NOFILE and RLIMIT_NPROC are its tables' sizes. */
#define RLIM_INF (~0ul)
#define RLIM_INF_OLD (~0ul >> 1)   /* getrlimit's infinity on Alpha */
static const uint64_t rlimit_start[RLIM_NLIMITS][2] = {
	[RLIMIT_CPU] = { RLIM_INF, RLIM_INF }, [RLIMIT_FSIZE] = { RLIM_INF, RLIM_INF },
	[RLIMIT_DATA] = { RLIM_INF, RLIM_INF }, [RLIMIT_STACK] = { STACK_MAX, RLIM_INF },
	[RLIMIT_CORE] = { 0, RLIM_INF }, [RLIMIT_RSS] = { RLIM_INF, RLIM_INF },
	[RLIMIT_NOFILE] = { NOFILE, NOFILE }, [RLIMIT_AS] = { RLIM_INF, RLIM_INF },
	[RLIMIT_NPROC] = { NPROC, NPROC }, [RLIMIT_MEMLOCK] = { 8 << 20, 8 << 20 },
	[RLIMIT_LOCKS] = { RLIM_INF, RLIM_INF }, [RLIMIT_SIGPENDING] = { NPROC, NPROC },
	[RLIMIT_MSGQUEUE] = { 819200, 819200 }, [RLIMIT_NICE] = { 0, 0 },
	[RLIMIT_RTPRIO] = { 0, 0 }, [RLIMIT_RTTIME] = { RLIM_INF, RLIM_INF },
};

void rlimit_init(struct proc *p)
{
	memcpy(p->rlim, rlimit_start, sizeof p->rlim);
}

/* prlimit64(pid, resource, new, old): the process's limits (every
 * thread's copy).  A hard limit may be raised only up to what minios
 * has (EPERM, as Linux's nr_open for RLIMIT_NOFILE), and only by root.
 * The system calls below name their arguments to it: a call must leave
 * the caller's argument registers as it found them (the C library keeps
 * values in them across a system call). */
static int64_t prlimit(int pid, uint64_t r, uint64_t unew, uint64_t uold, bool wide)
{
	struct proc *me = proc_current(), *p = pid ? proc_find(pid) : me;
	uint64_t old[2], lim[2];
	if (!p || p->state == P_ZOMBIE)
		return -ESRCH;
	if (r >= RLIM_NLIMITS)
		return -EINVAL;
	memcpy(old, p->rlim[r], sizeof old);
	if (unew) {
		if (copyin(me, lim, unew, sizeof lim))
			return -EFAULT;
		for (int k = 0; k < 2 && !wide; k++)
			if (lim[k] >= RLIM_INF_OLD)
				lim[k] = RLIM_INF;
		if (lim[0] > lim[1])
			return -EINVAL;
		if (lim[1] > old[1] && (cred_uid() != 0 || lim[1] > rlimit_start[r][1]))
			return -EPERM;
		FOR_EACH_PROC(q)
			if (q->tgid == p->tgid)
				memcpy(q->rlim[r], lim, sizeof lim);
	}
	for (int k = 0; k < 2 && !wide; k++)
		if (old[k] > RLIM_INF_OLD)
			old[k] = RLIM_INF_OLD;
	if (uold && copyout(me, uold, old, sizeof old))
		return -EFAULT;
	return 0;
}

int64_t sys_prlimit64(struct trapframe *tf)
{
	return prlimit((int)ARG(tf, 0), ARG(tf, 1), ARG(tf, 2), ARG(tf, 3), true);
}

/* getrlimit(resource, old) and setrlimit(resource, new): prlimit64 of
 * the caller in the older struct rlimit (Linux's kernel/sys.c), whose
 * infinity on Alpha is 2^63 - 1 (arch/alpha/include/uapi/asm/resource.h)
 * where prlimit64's is 2^64 - 1. */
int64_t sys_getrlimit(struct trapframe *tf)
{
	return prlimit(0, ARG(tf, 0), 0, ARG(tf, 1), false);
}

int64_t sys_setrlimit(struct trapframe *tf)
{
	return prlimit(0, ARG(tf, 0), ARG(tf, 1), 0, false);
}

/* RLIMIT_FSIZE (Linux's generic_write_check_limits and
 * inode_newsize_ok): a write may reach the limit and no further, a write
 * that starts at or past it, or a truncate that lengthens a file past
 * it, fails with EFBIG after SIGXFSZ to the thread.  How many of n bytes
 * at off may be written: n or fewer, or -EFBIG. */
int64_t fsize_check(struct proc *p, uint64_t off, uint64_t n)
{
	uint64_t lim = p->rlim[RLIMIT_FSIZE][0];
	if (lim == RLIM_INF || !n)
		return (int64_t)n;
	if (off >= lim) {
		signal_send(p, SIGXFSZ, NULL);
		return -EFBIG;
	}
	return (int64_t)(n < lim - off ? n : lim - off);
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
	now(clk == 0 || clk == 5, &ts[0], &ts[1]);   /* REALTIME(_COARSE) */
	return copyout(proc_current(), ARG(tf, 1), ts, sizeof ts);
}

/* clock_getres(clock, res): every clock, the coarse ones too, reads the
 * simulated cycle counter, so each resolves a nanosecond. */
int64_t sys_clock_getres(struct trapframe *tf)
{
	static const uint64_t res[2] = { 0, 1 };
	if (ARG(tf, 0) > 7)
		return -EINVAL;
	return ARG(tf, 1) ? copyout(proc_current(), ARG(tf, 1), res, sizeof res) : 0;
}

/* Clock ticks since boot at USER_HZ, 1024 on Alpha (arch/alpha/include/
 * asm/param.h; what AT_CLKTCK says, exec.c). */
static uint64_t ticks(void)
{
	return udiv(machine_cycles(), udiv(bootblock->clock_hz, USER_HZ, NULL), NULL);
}

/* times(buf): the return value is ticks since boot.  minios keeps no
 * per-process CPU time; the user time is the machine's, as for
 * CLOCK_PROCESS_CPUTIME_ID (clock_gettime above). */
int64_t sys_times(struct trapframe *tf)
{
	uint64_t t = ticks(), tms[4] = { t, 0, 0, 0 };
	if (ARG(tf, 0) && copyout(proc_current(), ARG(tf, 0), tms, sizeof tms))
		return -EFAULT;
	return (int64_t)t;
}

static void count_proc(struct proc *p, void *n)
{
	if (p->state != P_UNUSED && p->pid == p->tgid)
		++*(unsigned *)n;
}

/* sysinfo(info): uptime on simulated time, RAM as the boot block gives
 * it and the free pages, in bytes (mem_unit 1, as Linux does when it
 * fits); no swap, no load average. */
int64_t sys_sysinfo(struct trapframe *tf)
{
	unsigned n = 0;
	proc_foreach(count_proc, &n);
	struct sysinfo si = {
		.uptime = (long)udiv(machine_cycles(), bootblock->clock_hz, NULL),
		.totalram = bootblock->mem_size, .freeram = kfree_pages() << PGSHIFT,
		.procs = (uint16_t)n, .mem_unit = 1,
	};
	return copyout(proc_current(), ARG(tf, 0), &si, sizeof si);
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

/* A timespec as cycles at the boot block's clock (saturating). */
uint64_t ts_cycles(const uint64_t ts[2])
{
	uint64_t hz = bootblock->clock_hz;
	if (ts[0] > (1ul << 32))
		return ~0ul >> 1;
	return ts[0] * hz + udiv(ts[1] * hz, 1000000000ul, NULL);
}

/* Cycles as a timespec (the inverse of ts_cycles). */
void cycles_ts(uint64_t cycles, uint64_t ts[2])
{
	uint64_t hz = bootblock->clock_hz, r;
	ts[0] = udiv(cycles, hz, &r);
	ts[1] = udiv(r * 1000000000ul, hz, NULL);
}

/* Sleep until cycle; on a signal, the time left into urem (if any). */
static int64_t sleep_to(struct proc *p, uint64_t cycle, uint64_t urem)
{
	int err = sleep_until(cycle);
	if (err && urem) {
		uint64_t ts[2];
		cycles_ts(cycle - machine_cycles(), ts);
		if (copyout(p, urem, ts, sizeof ts))
			return -EFAULT;
	}
	return err;
}

static int read_ts(struct proc *p, uint64_t uts, uint64_t ts[2])
{
	if (copyin(p, ts, uts, 2 * 8))
		return -EFAULT;
	return ts[1] >= 1000000000ul ? -EINVAL : 0;
}

/* nanosleep(req, rem): simulated time; a clock tick ends the sleep, so
 * it lasts until the first tick at or after the deadline. */
int64_t sys_nanosleep(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t ts[2];
	int err = read_ts(p, ARG(tf, 0), ts);
	return err ? err : sleep_to(p, machine_cycles() + ts_cycles(ts), ARG(tf, 1));
}

/* clock_nanosleep(clock, flags, req, rem): TIMER_ABSTIME (1) makes req
 * a time on the clock (REALTIME counts from the boot block's epoch). */
int64_t sys_clock_nanosleep(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t ts[2], clk = ARG(tf, 0);
	if (clk > 7)
		return -EINVAL;
	int err = read_ts(p, ARG(tf, 2), ts);
	if (err)
		return err;
	uint64_t t = ts_cycles(ts), now = machine_cycles();
	if (!(ARG(tf, 1) & 1))
		return sleep_to(p, now + t, ARG(tf, 3));
	uint64_t epoch = clk == 0 ? bootblock->epoch_s * bootblock->clock_hz : 0;
	return sleep_to(p, t > epoch ? t - epoch : 0, 0);
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
