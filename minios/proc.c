/*
 * proc.c - the process table (docs/minios.md, "Processes and
 * scheduling"): slots, process 1, clone (fork, vfork and threads, with
 * Linux's flags: include/uapi/linux/sched.h), exit, exit_group, wait4.
 *
 * A slot is a thread: its PCB (what swpctx loads), kernel stack, FP
 * state and signal mask, and references to what it may share with the
 * other threads of its process as Linux does (kernel/fork.c
 * copy_files, copy_sighand, copy_fs, copy_mm): the descriptor table,
 * the signal actions, the working directory and the address space
 * (struct mm, vm.c).  Table
 * changes happen under the big kernel lock; a slot's state changes
 * under the scheduler's lock (sched.c), which is what makes reusing the
 * slot of a process that just exited safe.
 */
#include "minios/defs.h"
#include <asm/signal.h>
#include <asm/siginfo.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct proc *proctab[NPROC];
volatile int nproctab;
_Static_assert(sizeof(struct proc) <= PGSIZE, "a proc is one page");
static int nextpid = 1;

/* FPCR of a new Linux process: traps disabled, round to nearest
 * (docs/fp.md; Linux ieee_swcr_to_fpcr(0) | FPCR_DYN_NORMAL). */
static const uint64_t fpcr_linux = 0x680e800000000000ul;

static bool live(const struct proc *p)
{
	return p->state != P_UNUSED && p->state != P_EMBRYO && p->state != P_DEAD;
}

struct proc *proc_find(int pid)
{
	FOR_EACH_PROC(p)
		if (live(p) && p->pid == pid)
			return p;
	return NULL;
}

void proc_foreach(void (*f)(struct proc *, void *), void *arg)
{
	FOR_EACH_PROC(p)
		if (live(p) && p->state != P_ZOMBIE)
			f(p, arg);
}

/* A free slot, P_EMBRYO, with a kernel stack (kept with the slot for
 * good: a slot is reused, its stack with it) and a new pid; a new slot
 * when none is free and fewer than NPROC exist.  NULL when none can be
 * had. */
struct proc *proc_alloc(void)
{
	struct proc *p = NULL;
	FOR_EACH_PROC(q)
		if (sched_claim(q)) {
			p = q;
			break;
		}
	if (!p) {
		uint64_t pa = nproctab < NPROC ? kalloc() : 0;
		if (!pa)
			return NULL;
		p = P2V(pa);                     /* P_UNUSED: all zero */
		proctab[nproctab] = p;
		__asm__ volatile("mb" ::: "memory");   /* the slot, then the count */
		nproctab++;
		if (!sched_claim(p))
			panic("proc_alloc: a new slot is taken");
	}
	uint64_t kstack = p->kstack;
	memset(p, 0, sizeof *p);
	p->state = P_EMBRYO;
	if (!kstack) {
		uint64_t pa = kalloc_dirty();
		if (!pa) {
			sched_free(p);
			return NULL;
		}
		kstack = (uint64_t)P2V(pa);
	}
	p->kstack = kstack;
	p->pid = p->tgid = nextpid++;
	p->cpu = -1;
	p->pcb.flags = 1;                 /* FEN */
	return p;
}

/* The shared tables: a page each, the reference count first. */
_Static_assert(offsetof(struct fdtable, ref) == 0 && sizeof(struct fdtable) <= PGSIZE, "fdtable");
_Static_assert(offsetof(struct sighand, ref) == 0 && sizeof(struct sighand) <= PGSIZE, "sighand");
_Static_assert(offsetof(struct fsinfo, ref) == 0 && sizeof(struct fsinfo) <= PGSIZE, "fsinfo");

void *share_copy(const void *obj, size_t size)
{
	uint64_t pa = kalloc();
	if (!pa)
		return NULL;
	void *copy = P2V(pa);
	if (obj)
		memcpy(copy, obj, size);
	*(int *)copy = 1;
	return copy;
}

void share_put(void *obj)
{
	if (--*(int *)obj == 0)
		kfree(V2P(obj));
}

/* One more reference to a shared table. */
static void *share(void *table)
{
	++*(int *)table;
	return table;
}

/* Drop p's references to its tables and address space (those it has:
 * a clone that failed half-way has some). */
static void release_tables(struct proc *p)
{
	if (p->files)
		fdtable_put(p->files);
	if (p->sighand)
		share_put(p->sighand);
	if (p->fs)
		share_put(p->fs);
	if (p->mm)
		mm_put(p->mm);
	p->files = NULL;
	p->sighand = NULL;
	p->fs = NULL;
	p->mm = NULL;
}

/* Give p a copy of tf at the top of its kernel stack, below it the frame
 * swtch pops on its first run (ra = forkret); the copy, for changes. */
static struct trapframe *proc_frame(struct proc *p, const struct trapframe *tf)
{
	struct trapframe *ntf = (struct trapframe *)(p->kstack + KSTACK) - 1;
	*ntf = *tf;
	uint64_t *frame = (uint64_t *)ntf - SWTCH_FRAME / 8;
	memset(frame, 0, SWTCH_FRAME);
	frame[SWTCH_FRAME / 8 - 1] = (uint64_t)forkret;
	p->pcb.ksp = (uint64_t)frame;
	p->pcb.usp = tf->usp;
	return ntf;
}

static struct file *console(int stream)
{
	struct file *f = file_alloc();
	if (f) {
		f->type = F_CONSOLE;
		f->stream = stream;
		f->flags = 2;                 /* O_RDWR */
	}
	return f;
}

/* Process 1: an empty address space, the console on 0, 1, 2, the boot
 * block's working directory.  NULL when memory ran out. */
struct proc *proc_init_first(void)
{
	struct proc *p = proc_alloc();
	if (p) {
		rlimit_init(p);
		p->pgid = p->sid = p->pid;   /* a session and group of its own */
	}
	if (!p || !(p->mm = mm_create()) ||
	    !(p->files = share_copy(NULL, sizeof *p->files)) ||
	    !(p->sighand = share_copy(NULL, sizeof *p->sighand)) ||
	    !(p->fs = share_copy(NULL, sizeof *p->fs)))
		return NULL;
	for (int fd = 0; fd < 3; fd++) {
		struct file *f = console(fd);
		if (!f || fd_install(p, f, fd, false) != fd)
			return NULL;
	}
	strlcpy(p->fs->cwd, (const char *)bootblock + bootblock->cwd, sizeof p->fs->cwd);
	p->fs->umask = 022;               /* Linux's init_fs, whatever the host's */
	return p;
}

/* Start p in user mode at entry with stack sp: every register zero (v0
 * = 0 is what Linux's ELF_PLAT_INIT gives _start), FPCR as Linux sets
 * it; it runs when a scheduler picks it. */
void proc_first(struct proc *p, uint64_t entry, uint64_t sp)
{
	struct trapframe tf;
	memset(&tf, 0, sizeof tf);
	tf.ps = PS_USER;
	tf.pc = entry;
	tf.usp = sp;
	proc_frame(p, &tf);
	p->fp[31] = fpcr_linux;
	make_runnable(p);
}

/* A new program's FP state: Linux's FPCR (the registers are its own). */
void fp_exec(void)
{
	fpcr_write(fpcr_linux);
}

/* The FPCR, which holds the user's state (the kernel, built with
 * -mno-fp-regs, leaves the FP registers alone); $f0 is kept around the
 * move, EXCB orders it (ARM 4.7.8). */
uint64_t fpcr_read(void)
{
	uint64_t save, v;
	__asm__ volatile("stt $f0, %0\n\texcb\n\tmf_fpcr $f0\n\texcb\n\t"
	                 "stt $f0, %1\n\tldt $f0, %0" : "=m"(save), "=m"(v));
	return v;
}

void fpcr_write(uint64_t fpcr)
{
	uint64_t save;
	__asm__ volatile("stt $f0, %0\n\tldt $f0, %1\n\texcb\n\tmt_fpcr $f0\n\t"
	                 "excb\n\tldt $f0, %0" : "=m"(save) : "m"(fpcr));
}

/* clone(flags, newsp, ptid, ctid, tls): Linux's argument order, which
 * Alpha keeps (kernel/fork.c without CLONE_BACKWARDS*).  fork is
 * CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD from glibc;
 * pthread_create shares everything with CLONE_THREAD; posix_spawn uses
 * CLONE_VM | CLONE_VFORK.  CLONE_FILES, CLONE_SIGHAND and CLONE_FS
 * share those tables, else the child gets copies; the signal mask is
 * always the child's own. */
int64_t proc_clone(struct trapframe *tf, uint64_t flags, uint64_t newsp,
                   uint64_t ptid, uint64_t ctid, uint64_t tls)
{
	/* Linux's rules (copy_process): threads share signal actions,
	 * which share the address space; the exit signal is a valid one
	 * (kernel/fork.c, valid_signal) */
	if (((flags & CLONE_THREAD) && !(flags & CLONE_SIGHAND)) ||
	    ((flags & CLONE_SIGHAND) && !(flags & CLONE_VM)) ||
	    (flags & CSIGNAL) > NSIGNAL)
		return -EINVAL;
	struct proc *parent = proc_current(), *c = proc_alloc();
	if (!c)
		return -EAGAIN;
	if (flags & CLONE_VM) {
		c->mm = parent->mm;
		c->mm->ref++;
	} else {
		c->mm = mm_copy(parent->mm);
	}
	c->files = flags & CLONE_FILES ? share(parent->files) : fdtable_copy(parent->files);
	c->sighand = flags & CLONE_SIGHAND ? share(parent->sighand)
	                                   : share_copy(parent->sighand, sizeof *c->sighand);
	c->fs = flags & CLONE_FS ? share(parent->fs) : share_copy(parent->fs, sizeof *c->fs);
	if (!c->mm || !c->files || !c->sighand || !c->fs) {
		release_tables(c);
		sched_free(c);
		return -ENOMEM;
	}
	memcpy(c->exe, parent->exe, sizeof c->exe);
	memcpy(c->rlim, parent->rlim, sizeof c->rlim);
	c->pgid = parent->pgid;
	c->sid = parent->sid;
	if (!(flags & CLONE_VM) || (flags & CLONE_VFORK)) {
		/* Linux keeps the alternate signal stack but for a thread
		 * (copy_process: CLONE_VM without CLONE_VFORK) */
		c->sas_sp = parent->sas_sp;
		c->sas_size = parent->sas_size;
		c->sas_autodisarm = parent->sas_autodisarm;
	}
	c->sigmask = parent->sigmask;
	c->ieee_state = parent->ieee_state;
	c->pcb.unique = flags & CLONE_SETTLS ? tls : parent->pcb.unique;
	c->pcb.flags = parent->pcb.flags;
	if (flags & CLONE_THREAD) {
		c->tgid = parent->tgid;
		c->parent = parent->parent;
	} else {
		c->parent = flags & CLONE_PARENT ? parent->parent : parent;
		c->exit_signal = (int)(flags & CSIGNAL);
	}
	fp_save(c->fp);                       /* the parent's, live */
	struct trapframe *ctf = proc_frame(c, tf);
	ctf->r[0] = 0;                        /* the child's result: 0 */
	ctf->r[19] = 0;
	if (newsp)
		ctf->usp = c->pcb.usp = newsp;
	int pid = c->pid;
	if (flags & CLONE_PARENT_SETTID)
		copyout(parent, ptid, &pid, sizeof pid);
	if (flags & CLONE_CHILD_SETTID)
		copyout(c, ctid, &pid, sizeof pid);
	if (flags & CLONE_CHILD_CLEARTID)
		c->clear_tid = ctid;
	if (flags & CLONE_VFORK)
		c->vfork_parent = parent;
	make_runnable(c);
	/* vfork: the parent waits until the child execs or exits (it may
	 * not be interrupted: the child is using its memory) */
	while ((flags & CLONE_VFORK) && c->pid == pid && c->vfork_parent == parent)
		sleep(&c->vfork_parent, NULL);
	return pid;
}

/* The vfork parent may go on: p has its own memory now, or is gone. */
void proc_vfork_release(struct proc *p)
{
	if (p->vfork_parent) {
		p->vfork_parent = NULL;
		wakeup(&p->vfork_parent);
	}
}

static bool last_thread(const struct proc *p)
{
	FOR_EACH_PROC(q)
		if (q != p && q->tgid == p->tgid && live(q) && q->state != P_ZOMBIE)
			return false;
	return true;
}

/* The machine's status for process 1's wait status: the code, or 128 +
 * the signal, as a shell reports it. */
static _Noreturn void machine_done(int wstatus)
{
	machine_exit(wstatus & 0x7f ? 128 + (wstatus & 0x7f) : (wstatus >> 8) & 0xff);
}

/* The current thread ends with wait status wstatus (big lock held). */
void proc_exit(struct proc *p, int wstatus)
{
	if (p->clear_tid) {
		/* CLONE_CHILD_CLEARTID: zero the tid and wake a joiner */
		int zero = 0;
		if (!copyout(p, p->clear_tid, &zero, sizeof zero))
			futex_wake(p, p->clear_tid, 1);
	}
	proc_vfork_release(p);
	bool last = last_thread(p);
	if (last && p->tgid == 1)
		machine_done(wstatus);
	if (last) {
		image_exit(p->tgid);
		lock_release_process(p->tgid);
	}
	/* p's children go to another thread of its process (Linux's
	 * find_new_reaper), or to process 1 with the last thread */
	struct proc *heir = proc_find(1);
	FOR_EACH_PROC(q)
		if (q != p && q->tgid == p->tgid && live(q) && q->state != P_ZOMBIE)
			heir = q;
	FOR_EACH_PROC(q)
		if (q->parent == p || (last && q->parent && q->parent->tgid == p->tgid))
			q->parent = heir;
	release_tables(p);
	p->xstatus = p->group_exit ? p->xstatus : wstatus;
	if (p->pid != p->tgid)
		sched_exit(P_DEAD, NULL);
	struct proc *parent = p->parent;
	const struct ksigaction *chld = parent ? &parent->sighand->action[SIGCHLD - 1] : NULL;
	bool reap = !chld || chld->handler == (uint64_t)SIG_IGN ||
	            (chld->flags & SA_NOCLDWAIT);
	if (parent && p->exit_signal) {
		struct ksiginfo info = {
			.code = wstatus & 0x7f ? CLD_KILLED : CLD_EXITED, .pid = p->pid,
			.status = wstatus & 0x7f ? wstatus & 0x7f : (wstatus >> 8) & 0xff,
		};
		signal_group(parent->tgid, p->exit_signal, &info);
	}
	sched_exit(reap ? P_DEAD : P_ZOMBIE, proctab);
}

/* exit_group, or a fatal signal: every thread of p's process ends, with
 * wstatus as the process's status. */
void proc_exit_group(struct proc *p, int wstatus)
{
	if (p->tgid == 1)
		machine_done(wstatus);
	FOR_EACH_PROC(q)
		if (q != p && q->tgid == p->tgid && live(q) && q->state != P_ZOMBIE) {
			q->xstatus = wstatus;
			q->group_exit = true;
			signal_send(q, SIGKILL, NULL);
		}
	proc_exit(p, wstatus);
}

/* Does wait4's pid select child q of me?  > 0 that child, -1 any, 0
 * one in my process group, < -1 one in group -pid (kernel/exit.c). */
static bool wait_selects(int64_t pid, const struct proc *me, const struct proc *q)
{
	return pid > 0 ? q->pid == pid : pid == -1 ? true :
	       pid == 0 ? q->pgid == me->pgid : q->pgid == -pid;
}

/* wait4(pid, status, options, rusage): the child pid selects
 * (wait_selects); Linux's status encoding. */
int64_t proc_wait(int64_t pid, uint64_t ustatus, uint64_t options, uint64_t rusage)
{
	struct proc *me = proc_current();
	if (options & ~(uint64_t)(WNOHANG | WUNTRACED | WCONTINUED | __WALL | __WCLONE))
		return -EINVAL;
	for (;;) {
		bool have = false;
		FOR_EACH_PROC(q) {
			if (!live(q) || q->pid != q->tgid || !q->parent ||
			    q->parent->tgid != me->tgid || !wait_selects(pid, me, q))
				continue;
			have = true;
			if (q->state != P_ZOMBIE)
				continue;
			int id = q->pid, st = q->xstatus;
			sched_free(q);
			static const uint64_t zero[18];   /* struct rusage */
			if ((ustatus && copyout(me, ustatus, &st, sizeof st)) ||
			    (rusage && copyout(me, rusage, zero, sizeof zero)))
				return -EFAULT;
			return id;
		}
		if (!have)
			return -ECHILD;
		if (options & WNOHANG)
			return 0;
		if (signal_pending(me))
			return -ERESTARTSYS;
		sleep(proctab, NULL);
	}
}
