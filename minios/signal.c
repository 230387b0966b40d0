/*
 * signal.c - signals (docs/minios.md, "Signals"): actions and masks,
 * sending (kill, tgkill, faults, SIGCHLD, SIGPIPE), and delivery on the
 * way back to user mode, with the frame Linux/Alpha builds
 * (arch/alpha/kernel/signal.c, setup_rt_frame and do_rt_sigreturn):
 *
 *   SA_SIGINFO: sp -> struct siginfo (128 bytes), struct ucontext
 *         (flags, link, the OSF mask, stack_t, struct sigcontext, the
 *         mask), 3 words of return code; a1 = &siginfo, a2 = &ucontext
 *   else: sp -> struct sigcontext, 3 words of return code; a1 = 0,
 *         a2 = &sigcontext
 *
 * The handler runs with a0 = signal, pv = pc = handler and ra = the
 * restorer glibc gave rt_sigaction (its fifth argument), else the
 * return code on the frame; either calls rt_sigreturn (SA_SIGINFO) or
 * sigreturn with the frame's address in a0.
 *
 * Signal numbers are Alpha's (asm/signal.h: SIGCHLD is 20, SIGBUS 10).
 */
#include "minios/defs.h"
#include <asm/signal.h>
#include <asm/siginfo.h>
#include <asm/sigcontext.h>

/* Linux/Alpha's struct ucontext (arch/alpha/include/asm/ucontext.h). */
struct kucontext {
	uint64_t uc_flags, uc_link, uc_osf_sigmask;
	struct { uint64_t sp; int32_t flags, pad; uint64_t size; } uc_stack;   /* stack_t */
	struct sigcontext uc_mcontext;
	uint64_t uc_sigmask;
};
struct rt_sigframe {
	siginfo_t info;
	struct kucontext uc;
	uint32_t retcode[3];
};
_Static_assert(sizeof(siginfo_t) == 128, "siginfo");

_Static_assert(SIG_UNBLOCKABLE == (SIGBIT(SIGKILL) | SIGBIT(SIGSTOP)), "defs.h");
/* Default action: ignore (no job control here, so the stop signals too);
 * every other signal ends the process. */
#define DEFAULT_IGNORE (SIGBIT(SIGCHLD) | SIGBIT(SIGURG) | SIGBIT(SIGWINCH) | \
	SIGBIT(SIGCONT) | SIGBIT(SIGSTOP) | SIGBIT(SIGTSTP) | SIGBIT(SIGTTIN) | \
	SIGBIT(SIGTTOU) | SIGBIT(SIGINFO))

bool signal_pending(struct proc *p)
{
	return (p->sigpending & ~p->sigmask) != 0;
}

/* Every signal number is checked where it enters the kernel (kill,
 * tgkill, rt_sigaction, clone's exit signal): 1..NSIGNAL here. */
void signal_send(struct proc *p, int sig, const struct ksiginfo *info)
{
	if (sig < 1 || sig > NSIGNAL)
		panic("signal_send: signal %d", sig);
	p->sigpending |= SIGBIT(sig);
	p->siginfo[sig - 1] = info ? *info : (struct ksiginfo){ .code = SI_USER };
	wakeup_proc(p);
}

/* A signal for a process: the first of its threads that does not block
 * it, else the leader. */
void signal_group(int tgid, int sig, const struct ksiginfo *info)
{
	struct proc *to = NULL;
	FOR_EACH_PROC(p) {
		if (p->tgid != tgid || p->state == P_UNUSED || p->state == P_EMBRYO ||
		    p->state == P_DEAD || p->state == P_ZOMBIE)
			continue;
		if (!(p->sigmask & SIGBIT(sig))) {
			to = p;
			break;
		}
		if (!to || p->pid == tgid)
			to = p;
	}
	if (to)
		signal_send(to, sig, info);
}

/* The default action "terminate": the whole process, and a line for
 * the user, as a shell would print it. */
static _Noreturn void die(struct proc *p, int sig, const struct trapframe *tf)
{
	if (sig == SIGKILL && p->group_exit)
		proc_exit(p, p->xstatus);
	kprintf("minios: pid %d: killed by signal %d at pc 0x%lx\n", p->tgid, sig, tf->pc);
	/* kill or tgkill from another process (the kernel's own signals
	 * carry pid 0) */
	const struct ksiginfo *why = &p->siginfo[sig - 1];
	if (p->tgid == 1 && (why->code == SI_USER || why->code == SI_TKILL) &&
	    why->pid != 0 && why->pid != 1)
		machine_killer(why->pid);
	proc_exit_group(p, sig);
}

/* Restart the interrupted system call: back to its callsys, with its
 * number and a3 as they were (Linux/Alpha's do_signal). */
static void restart(struct proc *p, struct trapframe *tf)
{
	tf->pc -= 4;
	tf->r[0] = p->sys_nr;
	tf->r[19] = p->sys_a3;
}

/* The old-style frame, for handlers without SA_SIGINFO: the
 * sigcontext and the return code (Linux's struct sigframe); sigreturn
 * (103) takes its address. */
struct sigframe {
	struct sigcontext sc;
	uint32_t retcode[3];
};

/* The interrupted context into sc.  The user's a0-a2 are in PALcode's
 * frame (the trapframe's r16-r18 are the kernel entry's arguments, the
 * same only for callsys); the FP registers are live in the FPU. */
static void save_context(struct proc *p, const struct trapframe *tf,
                         struct sigcontext *sc, uint64_t oldmask)
{
	sc->sc_mask = (long)oldmask;
	sc->sc_pc = (long)tf->pc;
	sc->sc_ps = PS_USER;
	for (int i = 0; i < 29; i++)
		sc->sc_regs[i] = (long)tf->r[i];
	sc->sc_regs[16] = (long)tf->a0;
	sc->sc_regs[17] = (long)tf->a1;
	sc->sc_regs[18] = (long)tf->a2;
	sc->sc_regs[29] = (long)tf->gp;
	sc->sc_regs[30] = (long)tf->usp;
	uint64_t fp[32];
	fp_save(fp);
	memcpy(sc->sc_fpregs, fp, 31 * 8);
	sc->sc_fpcr = fp[31];
	sc->sc_fp_control = p->ieee_state;
}

/* mov $30,$16; lda $0,nr($31); callsys */
static void retcode(uint32_t code[3], unsigned nr)
{
	code[0] = 0x47fe0410;
	code[1] = 0x201f0000 | nr;
	code[2] = 0x00000083;
}

/* ---- the alternate signal stack (sigaltstack) ------------------------ */

#define SS_ONSTACK    1
#define SS_DISABLE    2
#define SS_AUTODISARM (1u << 31)

static bool on_altstack(const struct proc *p, uint64_t sp)
{
	return p->sas_size && sp > p->sas_sp && sp - p->sas_sp <= p->sas_size;
}

/* The stack_t a program sees (sigaltstack's old one, the frame's
 * uc_stack): sp, flags, size as Linux/Alpha lays them out. */
struct kstack { uint64_t sp; int32_t flags, pad; uint64_t size; };

static struct kstack altstack_now(const struct proc *p, uint64_t usp)
{
	return (struct kstack){
		p->sas_sp, !p->sas_size ? SS_DISABLE : on_altstack(p, usp) ? SS_ONSTACK :
		(int32_t)(p->sas_autodisarm ? SS_AUTODISARM : 0), 0, p->sas_size };
}

/* Set the alternate stack from ss (Linux's do_sigaltstack): not while
 * running on it; SS_DISABLE, or a stack of MINSIGSTKSZ bytes or more. */
static int altstack_set(struct proc *p, const struct kstack *ss, uint64_t usp)
{
	unsigned mode = (unsigned)ss->flags & ~SS_AUTODISARM;
	if (on_altstack(p, usp))
		return -EPERM;
	if (mode != SS_DISABLE && mode != SS_ONSTACK && mode != 0)
		return -EINVAL;
	if (mode == SS_DISABLE) {
		p->sas_sp = p->sas_size = 0;
		p->sas_autodisarm = false;
		return 0;
	}
	if (ss->size < MINSIGSTKSZ)
		return -ENOMEM;
	p->sas_sp = ss->sp;
	p->sas_size = ss->size;
	p->sas_autodisarm = (unsigned)ss->flags & SS_AUTODISARM;
	return 0;
}

/* sigaltstack(ss, oss) */
int64_t sys_sigaltstack(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct kstack old = altstack_now(p, tf->usp), ss;
	if (ARG(tf, 0)) {
		if (copyin(p, &ss, ARG(tf, 0), sizeof ss))
			return -EFAULT;
		int err = altstack_set(p, &ss, tf->usp);
		if (err)
			return err;
	}
	return ARG(tf, 1) && copyout(p, ARG(tf, 1), &old, sizeof old) ? -EFAULT : 0;
}

/* Build the handler's frame below the user's stack, or at the top of
 * the alternate one for an SA_ONSTACK handler not already on it, and
 * enter it. */
static int setup_frame(struct proc *p, struct trapframe *tf, int sig,
                       const struct ksigaction *a, uint64_t oldmask)
{
	static union { struct rt_sigframe rt; struct sigframe old; } f;
	bool rt = a->flags & SA_SIGINFO;
	size_t size = rt ? sizeof f.rt : sizeof f.old;
	struct kstack stack = altstack_now(p, tf->usp);
	uint64_t top = tf->usp;
	if ((a->flags & SA_ONSTACK) && p->sas_size && !on_altstack(p, tf->usp)) {
		top = p->sas_sp + p->sas_size;
		if (p->sas_autodisarm)
			p->sas_sp = p->sas_size = 0;
	}
	uint64_t sp = (top - size) & ~31ul, a1 = 0, a2 = sp, code;
	memset(&f, 0, sizeof f);
	if (rt) {
		const struct ksiginfo *ki = &p->siginfo[sig - 1];
		f.rt.info.si_signo = sig;
		f.rt.info.si_code = ki->code;
		if (sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL ||
		    sig == SIGTRAP) {
			f.rt.info.si_addr = (void *)ki->addr;
		} else {
			f.rt.info.si_pid = ki->pid;
			f.rt.info.si_status = ki->status;
		}
		f.rt.uc.uc_osf_sigmask = oldmask & 0xffffffff;
		memcpy(&f.rt.uc.uc_stack, &stack, sizeof stack);
		f.rt.uc.uc_sigmask = oldmask;
		save_context(p, tf, &f.rt.uc.uc_mcontext, oldmask);
		retcode(f.rt.retcode, 351);
		a1 = sp;
		a2 = sp + offsetof(struct rt_sigframe, uc);
		code = sp + offsetof(struct rt_sigframe, retcode);
	} else {
		save_context(p, tf, &f.old.sc, oldmask);
		retcode(f.old.retcode, 103);
		code = sp + offsetof(struct sigframe, retcode);
	}
	if (copyout(p, sp, &f, size))
		return -EFAULT;
	__asm__ volatile("call_pal 0x86" ::: "memory");   /* imb: retcode */
	tf->r[16] = tf->a0 = (uint64_t)sig;
	tf->r[17] = tf->a1 = a1;
	tf->r[18] = tf->a2 = a2;
	tf->r[26] = a->restorer ? a->restorer : code;
	tf->r[27] = tf->pc = a->handler;
	tf->usp = sp;
	return 0;
}

/* On the way back to user mode (user_return, big lock held): the first
 * deliverable signal's action, and the restart of an interrupted call. */
void signal_deliver(struct trapframe *tf)
{
	struct proc *p = proc_current();
	bool restarting = p->restart;
	p->restart = false;
	for (;;) {
		uint64_t ready = p->sigpending & ~p->sigmask;
		if (!ready)
			break;
		int sig = __builtin_ctzl(ready) + 1;
		p->sigpending &= ~SIGBIT(sig);
		struct ksigaction *a = &p->sighand->action[sig - 1];
		if (sig == SIGKILL || (a->handler == (uint64_t)SIG_DFL &&
		                       !(DEFAULT_IGNORE & SIGBIT(sig))))
			die(p, sig, tf);
		if (a->handler == (uint64_t)SIG_DFL || a->handler == (uint64_t)SIG_IGN)
			continue;
		if (restarting && (a->flags & SA_RESTART))
			restart(p, tf);
		uint64_t oldmask = p->use_saved ? p->saved_mask : p->sigmask;
		p->use_saved = false;
		if (setup_frame(p, tf, sig, a, oldmask))
			die(p, SIGSEGV, tf);
		p->sigmask |= a->mask | (a->flags & SA_NODEFER ? 0 : SIGBIT(sig));
		p->sigmask &= ~SIG_UNBLOCKABLE;
		if (a->flags & SA_RESETHAND)
			a->handler = (uint64_t)SIG_DFL;
		return;
	}
	if (p->use_saved) {
		p->sigmask = p->saved_mask;
		p->use_saved = false;
	}
	if (restarting)
		restart(p, tf);
}

/* A fault in user mode: to the handler if one is installed and the
 * signal is not blocked, else the end of the process with a line naming
 * the fault (Linux forces the default action the same way). */
void signal_fault(struct trapframe *tf, int sig, int code, uint64_t addr,
                  const char *what)
{
	struct proc *p = proc_current();
	uint64_t h = p->sighand->action[sig - 1].handler;
	if (h != (uint64_t)SIG_DFL && h != (uint64_t)SIG_IGN && !(p->sigmask & SIGBIT(sig))) {
		struct ksiginfo info = { .code = code, .addr = addr };
		signal_send(p, sig, &info);
		return;
	}
	kprintf("minios: pid %d: %s at pc 0x%lx (address 0x%lx): signal %d\n",
	        p->tgid, what, tf->pc, addr, sig);
	proc_exit_group(p, sig);
}

/* ---- the system calls ----------------------------------------------- */

/* rt_sigaction(sig, act, oact, sigsetsize, restorer) */
int64_t sys_rt_sigaction(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t sig = ARG(tf, 0);
	if (sig < 1 || sig > NSIGNAL || ARG(tf, 3) != 8)
		return -EINVAL;
	struct ksigaction old = p->sighand->action[sig - 1], new;
	if (ARG(tf, 1)) {
		if (sig == SIGKILL || sig == SIGSTOP)
			return -EINVAL;
		if (copyin(p, &new, ARG(tf, 1), 3 * 8))
			return -EFAULT;
		new.flags &= 0xffffffff;      /* glibc's sa_flags is an int */
		new.mask &= ~SIG_UNBLOCKABLE;
		new.restorer = ARG(tf, 4);
		p->sighand->action[sig - 1] = new;
		if (new.handler == (uint64_t)SIG_IGN ||
		    (new.handler == (uint64_t)SIG_DFL && (DEFAULT_IGNORE & SIGBIT(sig))))
			p->sigpending &= ~SIGBIT(sig);
	}
	if (ARG(tf, 2) && copyout(p, ARG(tf, 2), &old, 3 * 8))
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
		case SIG_BLOCK: p->sigmask |= set; break;
		case SIG_UNBLOCK: p->sigmask &= ~set; break;
		case SIG_SETMASK: p->sigmask = set; break;
		default: return -EINVAL;
		}
		p->sigmask &= ~SIG_UNBLOCKABLE;
	}
	if (ARG(tf, 2) && copyout(p, ARG(tf, 2), &old, 8))
		return -EFAULT;
	return 0;
}

/* rt_sigpending(set, sigsetsize) */
int64_t sys_rt_sigpending(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t set = p->sigpending & p->sigmask;
	return copyout(p, ARG(tf, 0), &set, 8);
}

/* rt_sigsuspend(mask, sigsetsize): wait for a signal under mask; the
 * old mask comes back with the handler's sigreturn, or at once when no
 * handler runs (Linux's saved_sigmask). */
void signal_mask_until_return(struct proc *p, uint64_t set)
{
	p->saved_mask = p->sigmask;
	p->use_saved = true;
	p->sigmask = set & ~SIG_UNBLOCKABLE;
}

int64_t sys_rt_sigsuspend(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t set;
	if (ARG(tf, 1) != 8)
		return -EINVAL;
	if (copyin(p, &set, ARG(tf, 0), 8))
		return -EFAULT;
	signal_mask_until_return(p, set);
	while (!signal_pending(p))
		sleep(&p->sigpending, NULL);
	return -EINTR;
}

/* Back to the context sc holds, with its mask. */
static int64_t restore(struct proc *p, struct trapframe *tf, uint64_t usc)
{
	static struct sigcontext sc;
	if (copyin(p, &sc, usc, sizeof sc))
		die(p, SIGSEGV, tf);
	p->sigmask = (uint64_t)sc.sc_mask & ~SIG_UNBLOCKABLE;
	for (int i = 0; i < 29; i++)
		tf->r[i] = (uint64_t)sc.sc_regs[i];
	tf->a0 = tf->r[16];
	tf->a1 = tf->r[17];
	tf->a2 = tf->r[18];
	tf->gp = (uint64_t)sc.sc_regs[29];
	tf->usp = (uint64_t)sc.sc_regs[30];
	tf->pc = (uint64_t)sc.sc_pc;
	uint64_t fp[32];
	memcpy(fp, sc.sc_fpregs, 31 * 8);
	fp[31] = sc.sc_fpcr;
	fp_load(fp);
	return -EJUSTRETURN;
}

/* rt_sigreturn(frame): the context the handler's frame holds; the mask
 * is the ucontext's. */
int64_t sys_rt_sigreturn(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t uc = ARG(tf, 0) + offsetof(struct rt_sigframe, uc), mask;
	if (copyin(p, &mask, uc + offsetof(struct kucontext, uc_sigmask), 8))
		die(p, SIGSEGV, tf);
	restore(p, tf, uc + offsetof(struct kucontext, uc_mcontext));
	p->sigmask = mask & ~SIG_UNBLOCKABLE;
	/* the alternate stack as the frame kept it (Linux's restore_altstack:
	 * SS_AUTODISARM's comes back), errors ignored */
	struct kstack ss;
	if (!copyin(p, &ss, uc + offsetof(struct kucontext, uc_stack), sizeof ss))
		altstack_set(p, &ss, tf->usp);
	return -EJUSTRETURN;
}

/* sigreturn(sigcontext): OSF's, which glibc's longjmp out of a signal
 * handler uses on Alpha (Linux's do_sigreturn). */
int64_t sys_sigreturn(struct trapframe *tf)
{
	return restore(proc_current(), tf, ARG(tf, 0));
}

/* kill(pid, sig): pid > 0 that process, 0 the caller's process group,
 * -1 every process but process 1 and the caller, < -1 the group -pid
 * (kernel/signal.c, kill_something_info); ESRCH when none is there. */
int64_t sys_kill(struct trapframe *tf)
{
	struct proc *me = proc_current();
	int64_t pid = (int64_t)ARG(tf, 0);
	uint64_t sig = ARG(tf, 1);
	if (sig > NSIGNAL)
		return -EINVAL;
	struct ksiginfo info = { .code = SI_USER, .pid = me->tgid };
	if (pid > 0) {
		struct proc *p = proc_find((int)pid);
		if (!p || p->pid != p->tgid)
			return -ESRCH;
		if (sig && p->state != P_ZOMBIE)
			signal_group(p->tgid, (int)sig, &info);
		return 0;
	}
	int pgid = pid == 0 ? me->pgid : (int)-pid;
	bool found = false;
	FOR_EACH_PROC(p) {
		if (p->pid != p->tgid || p->state == P_UNUSED || p->state == P_EMBRYO ||
		    p->state == P_DEAD)
			continue;
		if (pid == -1 ? p->tgid == 1 || p->tgid == me->tgid : p->pgid != pgid)
			continue;
		found = true;
		if (sig && p->state != P_ZOMBIE)
			signal_group(p->tgid, (int)sig, &info);
	}
	return found ? 0 : -ESRCH;
}

/* tgkill(tgid, tid, sig) */
int64_t sys_tgkill(struct trapframe *tf)
{
	struct proc *p = proc_find((int)ARG(tf, 1));
	uint64_t sig = ARG(tf, 2);
	if (sig > NSIGNAL)
		return -EINVAL;
	if (!p || p->tgid != (int)ARG(tf, 0) || p->state == P_ZOMBIE)
		return -ESRCH;
	struct ksiginfo info = { .code = SI_TKILL, .pid = proc_current()->tgid };
	if (sig)
		signal_send(p, (int)sig, &info);
	return 0;
}
