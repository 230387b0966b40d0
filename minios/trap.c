/*
 * trap.c - what the kernel does with exceptions and interrupts
 * (entry.S calls these with the trapframe; the PALcode arguments are
 * r16-r18, docs/ev5.md "The OSF/1 PALcode interface").
 *
 * A translation-not-valid fault inside a mapped region brings in a zero
 * page (vm.c); an unaligned integer load or store is done for the
 * program, as Linux does (arch/alpha/kernel/traps.c, do_entUna); any
 * other fault sends the signal Linux would (signal.c: to a handler, or
 * the end of the process, reported on the console).  User faults run
 * under the big kernel lock, as system calls do.  A fault in the kernel
 * is a panic.
 *
 * Interrupts: the clock and IPIs at OSF IPL 5 (sched.c, smp.c), the
 * performance counters at 6.  On the way back to user mode
 * user_return reschedules and delivers signals.
 */
#include "minios/defs.h"
#include <asm/signal.h>
#include <asm/siginfo.h>

void trap_init(void)
{
	pal_wrent(entInt, 0);
	pal_wrent(entArith, 1);
	pal_wrent(entMM, 2);
	pal_wrent(entIF, 3);
	pal_wrent(entUna, 4);
	pal_wrent(entSys, 5);
}

static void check_user(const struct trapframe *tf, const char *what)
{
	if (!(tf->ps & PS_USER))
		panic("%s in the kernel at pc 0x%lx (a0 0x%lx, a1 0x%lx, a2 0x%lx)",
		      what, tf->pc, tf->r[16], tf->r[17], tf->r[18]);
}

static void user_fatal(struct trapframe *tf, int sig, int code,
                       const char *what, uint64_t addr)
{
	kernel_lock();
	signal_fault(tf, sig, code, addr, what);
	kernel_unlock();
}

/* entMM: a0 VA, a1 MMCSR (0 TNV, 1 ACV, 2 FOR, 3 FOE, 4 FOW),
 * a2 -1 fetch, 0 read, 1 write. */
void trap_mm(struct trapframe *tf)
{
	check_user(tf, "memory fault");
	uint64_t va = tf->r[16];
	kernel_lock();
	struct proc *p = proc_current();
	int err = vm_fault(p, va, tf->r[17], (int64_t)tf->r[18]);
	if (err == -ENOMEM) {
		/* a page of a committed mapping cannot be had: what Linux's
		 * OOM killer does, SIGKILL, with a line saying why */
		kprintf("minios: pid %d: out of memory at pc 0x%lx (address 0x%lx): killed\n",
		        p->tgid, tf->pc, va);
		proc_exit_group(p, SIGKILL);
	}
	kernel_unlock();
	if (err)
		user_fatal(tf, SIGSEGV, tf->r[17] == MMCSR_TNV ? SEGV_MAPERR : SEGV_ACCERR,
		           "segmentation fault", va);
}

/* entIF: a0 0 bpt, 1 bugchk, 2 gentrap (code in the user's a0), 3 FEN,
 * 4 OPDEC. */
void trap_if(struct trapframe *tf)
{
	check_user(tf, "instruction fault");
	switch (tf->r[16]) {
	case IF_BPT:
	case IF_BUGCHK:
		user_fatal(tf, SIGTRAP, TRAP_BRKPT, "breakpoint", tf->pc);
		break;
	case IF_GENTRAP:
		/* GEN_INTOVF -1, GEN_INTDIV -2 and the FP codes down to -11
		 * are SIGFPE (asm/gentrap.h); the rest SIGTRAP */
		if ((int64_t)tf->a0 <= -1 && (int64_t)tf->a0 >= -11)
			user_fatal(tf, SIGFPE, (int64_t)tf->a0 == -2 ? FPE_INTDIV : FPE_INTOVF,
			           "arithmetic trap (gentrap)", tf->a0);
		else
			user_fatal(tf, SIGTRAP, TRAP_BRKPT, "gentrap", tf->a0);
		break;
	default:
		user_fatal(tf, SIGILL, ILL_ILLOPC, "illegal instruction", tf->pc);
	}
}

/* entArith: a0 the exception summary, a1 the register mask. */
void trap_arith(struct trapframe *tf)
{
	check_user(tf, "arithmetic trap");
	user_fatal(tf, SIGFPE, FPE_FLTINV, "arithmetic trap", tf->r[16]);
}

/* The user's integer register n: a0-a2 and gp are in PALcode's frame
 * (r16-r18 of the trapframe hold the entry's arguments), sp is the
 * saved user SP. */
static uint64_t *ureg(struct trapframe *tf, unsigned n)
{
	static uint64_t zero;
	switch (n) {
	case 16: return &tf->a0;
	case 17: return &tf->a1;
	case 18: return &tf->a2;
	case 29: return &tf->gp;
	case 30: return &tf->usp;
	case 31: return (zero = 0, &zero);
	default: return &tf->r[n];
	}
}

/* entUna: a0 VA, a1 opcode, a2 register; PALcode has already moved the
 * PC past the instruction. */
void trap_unaligned(struct trapframe *tf)
{
	static const struct { unsigned op, size; bool store, sext; } forms[] = {
		{ 0x0c, 2, false, false },  /* LDWU */
		{ 0x0d, 2, true,  false },  /* STW  */
		{ 0x28, 4, false, true  },  /* LDL  */
		{ 0x29, 8, false, false },  /* LDQ  */
		{ 0x2c, 4, true,  false },  /* STL  */
		{ 0x2d, 8, true,  false },  /* STQ  */
	};
	check_user(tf, "unaligned access");
	struct proc *p = proc_current();
	uint64_t va = tf->r[16], op = tf->r[17];
	uint64_t *reg = ureg(tf, (unsigned)tf->r[18]);
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		if (forms[i].op != op)
			continue;
		uint64_t v = forms[i].store ? *reg : 0;
		kernel_lock();
		int err = forms[i].store ? copyout(p, va, &v, forms[i].size)
		                         : copyin(p, &v, va, forms[i].size);
		kernel_unlock();
		if (err)
			break;
		if (!forms[i].store)
			*reg = forms[i].sext ? (uint64_t)(int64_t)(int32_t)v : v;
		return;
	}
	user_fatal(tf, op >= 0x20 && op <= 0x27 ? SIGBUS : SIGSEGV,
	           op >= 0x20 && op <= 0x27 ? BUS_ADRALN : SEGV_MAPERR,
	           "unaligned access", va);
}

/* entInt: a0 0 IPI, 1 clock, 2 machine check, 3 device (a1 vector),
 * 4 performance counter (a2 counter: the DCPI driver's sample, at the
 * interrupted PC), 5 the instruction-sampling unit (a1 bytes of records
 * in the driver's area, a2 its collision count; docs/precise.md).  No
 * other devices interrupt.  entered: the cycle counter at entInt's
 * start (entry.S). */
void trap_interrupt(struct trapframe *tf, uint64_t entered)
{
	switch (tf->r[16]) {
	case 0:
		smp_ipi();
		return;
	case 1:
		sched_clock();
		pcount_clock_interrupt(tf->pc);
		return;
	case 4:
		pcount_interrupt((unsigned)tf->r[18], tf->pc, (uint32_t)entered);
		return;
	case 5:
		pcount_pm_interrupt(tf->r[17], tf->r[18]);
		return;
	}
	panic("unexpected interrupt: type %lu, vector 0x%lx, 0x%lx",
	      tf->r[16], tf->r[17], tf->r[18]);
}

/* On the way back to user mode (entry.S), at IPL 0 as user mode runs:
 * give up the CPU when the time slice is over, then deliver signals and
 * restart an interrupted system call (signal.c). */
void user_return(struct trapframe *tf)
{
	struct proc *p = proc_current();
	swpipl(0);
	if (mycpu()->need_resched)
		yield();
	if (p->restart || signal_pending(p) || p->use_saved) {
		kernel_lock();
		signal_deliver(tf);
		kernel_unlock();
	}
}
