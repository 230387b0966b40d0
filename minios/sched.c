/*
 * sched.c - the per-CPU schedulers (docs/minios.md, "Processes and
 * scheduling"): run queues, the switch into and out of a process,
 * sleep and wakeup with xv6's semantics, the clock tick.
 *
 * Every CPU runs scheduler() on its own stack and PCB.  A runnable
 * process waits on the queue of the CPU it last ran on; an idle CPU
 * takes from its own queue first and otherwise steals from the longest
 * other one (migration).  One spin lock, sched_lock, guards every
 * process's state and every queue; it is held across swtch, as xv6
 * holds its process lock, so a process is never resumed on one CPU
 * while another is still saving it.
 *
 * The kernel is not preemptible: a clock tick in the kernel only counts;
 * one in user mode past the time slice makes the process yield on its
 * way back to user mode (user_return, trap.c).  An idle CPU waits in
 * wtint (CALL_PAL 0x3E) for an interrupt: its clock tick, or the IPI of
 * a CPU that queued a process for it (kick).
 */
#include "minios/defs.h"

struct cpu cpus[NCPU];
int ncpu = 1;
static struct spinlock sched_lock = { .name = "sched", .cpu = -1 };
static volatile int nqueued;           /* on all queues                 */
static volatile int ntimed;            /* sleeping with a deadline      */
static uint64_t idle_cpus;             /* in wtint, to be kicked (bit   */
                                       /* per CPU; sched_lock)          */

/* A time slice of 10 ms of simulated time at the timer's 1024 Hz. */
#define SLICE_TICKS 10

#define TIMER(reg) (*(volatile uint64_t *)P2V(IO_TIMER + (reg)))

int cpuid(void) { return (int)whami(); }
struct cpu *mycpu(void) { return &cpus[cpuid()]; }
struct proc *proc_current(void) { return mycpu()->proc; }

/* ---- run queues (sched_lock held) ---------------------------------- */

static void enqueue(struct cpu *c, struct proc *p)
{
	p->rq_next = NULL;
	if (c->rq_tail)
		c->rq_tail->rq_next = p;
	else
		c->rq_head = p;
	c->rq_tail = p;
	c->rq_len++;
	nqueued++;
}

static struct proc *dequeue(struct cpu *c)
{
	struct proc *p = c->rq_head;
	if (!p)
		return NULL;
	c->rq_head = p->rq_next;
	if (!c->rq_head)
		c->rq_tail = NULL;
	c->rq_len--;
	nqueued--;
	return p;
}

/* The CPU with the least work: where a new process starts. */
static struct cpu *least_loaded(void)
{
	struct cpu *best = &cpus[0];
	for (int i = 1; i < ncpu; i++)
		if (cpus[i].rq_len + !!cpus[i].proc < best->rq_len + !!best->proc)
			best = &cpus[i];
	return best;
}

/* A process was queued for c: wake an idle CPU to take it, c if c is
 * idle (any CPU steals from the others' queues, pick). */
static void kick(struct cpu *c)
{
	if (!idle_cpus)
		return;
	int to = (idle_cpus >> c->id & 1) ? c->id : __builtin_ctzl(idle_cpus);
	idle_cpus &= ~(1ul << to);
	smp_kick(to);
}

static void runnable(struct proc *p)
{
	struct cpu *c = p->cpu >= 0 ? &cpus[p->cpu] : least_loaded();
	p->state = P_RUNNABLE;
	enqueue(c, p);
	kick(c);
}

/* Own queue first, else steal from the longest. */
static struct proc *pick(struct cpu *c)
{
	struct cpu *from = c;
	if (!c->rq_head)
		for (int i = 0; i < ncpu; i++)
			if (cpus[i].rq_len > from->rq_len)
				from = &cpus[i];
	return dequeue(from);
}

void make_runnable(struct proc *p)
{
	acquire(&sched_lock);
	runnable(p);
	release(&sched_lock);
}

/* ---- switching ------------------------------------------------------ */

/* Make pcb this CPU's current PCB without leaving this stack: its KSP is
 * the stack pointer at the swpctx, which reloads PTBR and the ASN. */
static void adopt(struct pcb *pcb)
{
	register uint64_t a0 __asm__("$16") = V2P(pcb);
	__asm__ volatile("stq $30, 0(%1)\n\tcall_pal 0x30"
	                 : "+r"(a0) : "r"(pcb) : "$0", "memory");
}

static void pcb_mm(struct proc *p)
{
	p->pcb.ptbr = p->mm->l1 >> PGSHIFT;
	p->pcb.asn = p->mm->asn;
	p->pcb.ctx = p->mm->space;         /* the sampling unit's records' */
}

/* The current process has a new address space (execve). */
void proc_reload(struct proc *p)
{
	pcb_mm(p);
	if (vm_asn_enter(p->mm))
		pal_tbi(-1, 0);
	adopt(&p->pcb);
}

static void run(struct cpu *c, struct proc *p)
{
	p->state = P_RUNNING;
	p->cpu = c->id;
	c->proc = p;
	pcb_mm(p);
	bool other = vm_asn_enter(p->mm);      /* its ASN's TB entries are not its */
	__asm__ volatile("mb" ::: "memory");   /* c->proc before tlb_stale */
	if (c->tlb_stale || other) {
		c->tlb_stale = false;
		pal_tbi(-1, 0);
	}
	c->slice_end = c->ticks + SLICE_TICKS;
	c->need_resched = false;
	fp_load(p->fp);
	hint_context(p->tgid, p->mm->asn);
	swtch(V2P(&p->pcb));
	c->proc = NULL;
}

/* Back to this CPU's scheduler; sched_lock held, nothing else. */
static void sched(void)
{
	struct cpu *c = mycpu();
	if (!holding(&sched_lock) || c->noff != 1)
		panic("sched: locks held");
	uint64_t ipl = c->ipl;
	fp_save(c->proc->fp);
	swtch(V2P(&c->sched_pcb));
	mycpu()->ipl = ipl;
}

void sched_cpu_init(int id)
{
	struct cpu *c = &cpus[id];
	c->id = id;
	c->sched_pcb.flags = 1;               /* FEN: the switch moves FP */
}

/*
 * Nothing to run (sched_lock held, IPL 7): wait in wtint until an
 * interrupt comes.  The CPU is in idle_cpus before the lock is dropped,
 * so a process queued after the look at the queues kicks it; and as
 * wtint returns for a request the IPL holds back, a kick (or tick) that
 * arrives before wtint is not lost: it ends the wait at once, and is
 * taken when the scheduler lowers the IPL.  (Linux's arch_cpu_idle on
 * Alpha calls wtint with interrupts off in the same way.)
 */
static void idle(struct cpu *c)
{
	idle_cpus |= 1ul << c->id;
	release(&sched_lock);
	pal_wtint();
	acquire(&sched_lock);
	idle_cpus &= ~(1ul << c->id);
}

_Noreturn void scheduler(void)
{
	struct cpu *c = mycpu();
	adopt(&c->sched_pcb);
	TIMER(TIMER_CTRL) = 1;
	for (;;) {
		swpipl(0);                 /* what woke this CPU comes in */
		swpipl(IPL_HIGH);
		acquire(&sched_lock);
		struct proc *p = pick(c);
		if (p)
			run(c, p);
		else
			idle(c);
		release(&sched_lock);
	}
}

/* The first return of a new process (swtch.S forkret). */
void sched_forkret(void)
{
	release(&sched_lock);
}

void yield(void)
{
	struct proc *p = proc_current();
	bool big = kernel_held();
	if (big)
		kernel_unlock();
	acquire(&sched_lock);
	runnable(p);
	sched();
	release(&sched_lock);
	if (big)
		kernel_lock();
}

/* xv6's sleep: lk (if any) is dropped once sched_lock makes the sleep
 * safe against a wakeup; so is the big kernel lock, while asleep.  With
 * word, no sleep if *word is no longer seen: a waker that holds neither
 * lk nor the big lock (an interrupt handler) changes *word before it
 * calls wakeup, which takes sched_lock, so the check under sched_lock
 * closes the gap between the caller's look and the sleep. */
static void sleep_on(void *chan, struct spinlock *lk, const volatile uint64_t *word,
                     uint64_t seen)
{
	struct proc *p = proc_current();
	bool big = kernel_held();
	acquire(&sched_lock);
	if (word && *word != seen) {
		release(&sched_lock);
		return;
	}
	if (lk)
		release(lk);
	if (big)
		kernel_unlock();
	p->chan = chan;
	p->state = P_SLEEPING;
	sched();
	p->chan = NULL;
	release(&sched_lock);
	if (big)
		kernel_lock();
	if (lk)
		acquire(lk);
}

void sleep(void *chan, struct spinlock *lk) { sleep_on(chan, lk, NULL, 0); }

static void wake_locked(void *chan)
{
	FOR_EACH_PROC(p)
		if (p->state == P_SLEEPING && p->chan == chan)
			runnable(p);
}

void wakeup(void *chan)
{
	acquire(&sched_lock);
	wake_locked(chan);
	release(&sched_lock);
}

/* A signal for p: end its sleep; the sleeper looks at its signals. */
void wakeup_proc(struct proc *p)
{
	acquire(&sched_lock);
	if (p->state == P_SLEEPING)
		runnable(p);
	release(&sched_lock);
}

/* The current process is dead (proc_exit has let go of everything):
 * state becomes st, parent is woken, and this CPU moves on.  The
 * process's slot cannot be reused before its stack is left, as taking
 * it needs sched_lock (proc_alloc, wait4). */
_Noreturn void sched_exit(int st, void *parent_chan)
{
	struct proc *p = proc_current();
	acquire(&sched_lock);
	p->state = st;
	if (parent_chan)
		wake_locked(parent_chan);
	kernel_unlock();
	sched();
	panic("sched_exit: pid %d came back", p->pid);
}

/* Reusing a slot: true if it was free (or dead) and is now ours. */
bool sched_claim(struct proc *p)
{
	bool ok;
	acquire(&sched_lock);
	ok = p->state == P_UNUSED || p->state == P_DEAD;
	if (ok)
		p->state = P_EMBRYO;
	release(&sched_lock);
	return ok;
}

void sched_free(struct proc *p)
{
	acquire(&sched_lock);
	p->state = P_UNUSED;
	release(&sched_lock);
}

/* Sleep on chan, or until the first clock tick at or after the cycle
 * deadline (0: none) on any CPU; not at all if *word (when not NULL) is
 * no longer seen (sleep_on). */
void sleep_deadline_unless(void *chan, uint64_t deadline, const volatile uint64_t *word,
                           uint64_t seen)
{
	struct proc *p = proc_current();
	p->deadline = deadline;
	if (deadline)
		ntimed++;
	sleep_on(chan, NULL, word, seen);
	if (deadline)
		ntimed--;
	p->deadline = 0;
}

void sleep_deadline(void *chan, uint64_t deadline)
{
	sleep_deadline_unless(chan, deadline, NULL, 0);
}

/* Sleep until this CPU's cycle counter reaches cycle (nanosleep). */
int sleep_until(uint64_t cycle)
{
	struct proc *p = proc_current();
	while (machine_cycles() < cycle) {
		if (signal_pending(p))
			return -EINTR;
		sleep_deadline(&p->deadline, cycle);
	}
	return 0;
}

/* Wake up to n sleepers on chan and move up to nmove more to chan to
 * (futex requeue); the number woken. */
int wakeup_some(void *chan, int n, void *to, int nmove)
{
	int woken = 0;
	acquire(&sched_lock);
	FOR_EACH_PROC(p) {
		if (p->state != P_SLEEPING || p->chan != chan)
			continue;
		if (woken < n) {
			runnable(p);
			woken++;
		} else if (nmove > 0) {
			p->chan = to;
			nmove--;
		}
	}
	release(&sched_lock);
	return woken;
}

/* A clock tick on this CPU (entInt, IPL 5). */
void sched_clock(void)
{
	struct cpu *c = mycpu();
	TIMER(TIMER_PENDING) = 1;
	c->ticks++;
	if (ntimed) {
		uint64_t now = machine_cycles();
		acquire(&sched_lock);
		FOR_EACH_PROC(p)
			if (p->state == P_SLEEPING && p->deadline && p->deadline <= now)
				runnable(p);
		release(&sched_lock);
	}
	if (c->proc && c->ticks >= c->slice_end && nqueued)
		c->need_resched = true;
}
