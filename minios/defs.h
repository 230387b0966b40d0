/*
 * defs.h - minios: every kernel structure, constant and function, one
 * header for the whole kernel (as xv6 keeps it).  docs/minios.md says
 * how the pieces fit; each .c file says what it implements.
 *
 * The Linux/Alpha ABI comes from the cross toolchain's kernel headers
 * (asm/unistd.h, asm/errno.h, ...); the OSF/1 PAL interface from
 * minios/pal/pal.h; the platform from docs/platform.md.
 */
#ifndef MINIOS_DEFS_H
#define MINIOS_DEFS_H

#include "minios/pal/pal.h"

/* struct trapframe: r0-r28 and the user SP below PALcode's frame */
#define TF_USP   232
#define TF_REGS  240
/* swtch.S: s0-s6 and ra saved below the stack pointer a PCB keeps */
#define SWTCH_FRAME 64

#ifndef __ASSEMBLER__
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <asm/errno.h>
#include <asm/resource.h>

struct trapframe {
	uint64_t r[29];                /* r0..r28 at entry                */
	uint64_t usp;                  /* the user stack pointer (r30)    */
	uint64_t ps, pc, gp, a0, a1, a2;   /* PALcode's frame             */
};
_Static_assert(sizeof(struct trapframe) == TF_REGS + FRAME_SIZE, "frame");
#define ARG(tf, n) ((tf)->r[16 + (n)])

/* ---- memory (docs/minios.md "Memory map") --------------------------- */
#define PGSHIFT   13
#define PGSIZE    (1ul << PGSHIFT)
#define PGMASK    (PGSIZE - 1)
#define PGUP(a)   (((uint64_t)(a) + PGMASK) & ~PGMASK)
#define PGDOWN(a) ((uint64_t)(a) & ~PGMASK)
#define P2V(pa)   ((void *)(KSEG_BASE | (uint64_t)(pa)))
#define V2P(va)   ((uint64_t)(va) - KSEG_BASE)

/* The user address space as Linux/Alpha lays it out
 * (arch/alpha/include/asm/processor.h, a.out.h): 42-bit user space,
 * the stack below the usual text address, mmap from half-way up. */
#define USER_END   0x40000000000ul
#define STACK_TOP  0x120000000ul
#define STACK_MAX  (8ul << 20)
#define MMAP_BASE  0x20000000000ul

/* ---- the boot block alphasim leaves for the kernel (boot.c) --------- */
#include "abi/bootblock.h"

/* ---- console.c ------------------------------------------------------ */
int cons_write(int stream, const char *s, size_t n);    /* 1 out, 2 err; -errno */
int64_t cons_read(char *buf, size_t n);
void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int ksnprintf(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
_Noreturn void panic(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void machine_exit(int status);
void machine_killer(int pid);   /* process 1 dies of pid's signal      */
uint64_t machine_cycles(void);

/* ---- string.c ------------------------------------------------------- */
void *memset(void *d, int c, size_t n);
void *memcpy(void *restrict d, const void *restrict s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
size_t strlcpy(char *d, const char *s, size_t n);
#include "minios/udiv.h"           /* udiv.c, shared with testprogs/rt */

/* ---- kalloc.c: physical pages --------------------------------------- */
void kinit(uint64_t start_pa, uint64_t end_pa);
uint64_t kalloc(void);                 /* a zeroed page's PA, or 0     */
uint64_t kalloc_dirty(void);           /* one not zeroed               */
void kfree(uint64_t pa);               /* drop a reference; free at 0  */
void page_dup(uint64_t pa);            /* one more reference           */
unsigned page_refs(uint64_t pa);
uint64_t kfree_pages(void);            /* pages free now               */
/* Small objects, zeroed (a page at most); kmfree takes the size given
 * to kmalloc.  Big kernel lock held. */
void *kmalloc(size_t n);
void kmfree(void *obj, size_t n);

/* ---- vm.c: page tables, address spaces, user memory ----------------- */
enum { PROT_R = 1, PROT_W = 2, PROT_X = 4 };   /* = Linux PROT_* */
/* VMA_SHARED: MAP_SHARED, pages shared by fork, not COW; VMA_STACK: the
 * main stack, whose reserved 8 MB is not committed (Linux commits a
 * growing stack a page at a time). */
enum { VMA_SHARED = 1, VMA_STACK = 2 };
struct file;
struct image;
/* A mapped region.  Its pages come on first touch: from file (a private
 * copy of the page at off + (va - start)) or zeroed.  img names the
 * executable image it maps (image.c), for the image-load hooks. */
struct vma {
	uint64_t start, end;           /* page aligned, end exclusive     */
	unsigned prot, flags;          /* PROT_*, VMA_*                   */
	struct file *file;             /* a reference, or NULL            */
	uint64_t off;                  /* file offset of start            */
	struct image *img;             /* a reference, or NULL            */
};
#define NVMA 160

/* An address space, shared by the threads of a process (CLONE_VM); one
 * page each.  EV5 ASNs are 7 bits (21164 HRM 5.1.5): 1..127 here. */
struct mm {
	int ref;
	uint64_t l1;                   /* page table root, physical       */
	uint32_t asn;                  /* address space number (ITB/DTB)  */
	uint32_t space;                /* its DCPI number (image.c), or 0 */
	uint64_t id;                   /* never reused (vm_asn_enter)     */
	int nvma;
	uint64_t brk_start, brk, mmap_next;
	struct vma vma[NVMA];          /* sorted, not overlapping         */
};
struct proc;
/* Memory commitment, as Linux's overcommit_memory = 2: every writable
 * mapping (but the stack) is counted when made, and one that would take
 * the total past the limit fails with ENOMEM, so programs see malloc
 * return NULL instead of a fault on a page that cannot be had. */
void vm_commit_init(void);            /* the limit, from free memory   */
uint64_t vm_committed(void);          /* pages committed now           */
struct mm *mm_create(void);           /* empty, ref 1, an ASN; or NULL */
struct mm *mm_copy(struct mm *parent);   /* fork: private pages COW    */
void mm_put(struct mm *mm);           /* drop a reference; free at 0   */
/* This CPU is about to run mm: true if it must flush its TB first (it
 * last ran another address space under mm's ASN). */
bool vm_asn_enter(struct mm *mm);
/* A user fault (entMM's a0-a2): 0 when handled (page brought in, COW
 * broken), < 0 when the process gets SIGSEGV. */
int vm_fault(struct proc *p, uint64_t va, uint64_t mmcsr, int64_t cause);
uint64_t *vm_pte(uint64_t l1, uint64_t va, bool alloc);
uint64_t vm_pte_bits(unsigned prot);
void *vm_kpage(struct mm *mm, uint64_t va);   /* any prot: exec fills */
/* vma_add takes its own references on v->file and v->img. */
int vma_add(struct mm *mm, const struct vma *v);
int vma_remove(struct mm *mm, uint64_t start, uint64_t end);
int vma_protect(struct mm *mm, uint64_t start, uint64_t end, unsigned prot);
int vma_move(struct mm *mm, uint64_t from, uint64_t len, uint64_t to);
int vma_discard(struct mm *mm, uint64_t start, uint64_t end);  /* DONTNEED */
struct vma *vma_find(struct mm *mm, uint64_t va);
bool vma_free_range(struct mm *mm, uint64_t start, uint64_t end);
uint64_t vma_find_free(struct mm *mm, uint64_t len);  /* mmap area; 0 */
void *uvm_page(struct proc *p, uint64_t va, unsigned need);  /* PROT_* */
int copyin(struct proc *p, void *dst, uint64_t uva, size_t n);
int copyout(struct proc *p, uint64_t uva, const void *src, size_t n);
int64_t copyinstr(struct proc *p, char *dst, uint64_t uva, size_t max);
/* TBIAP on every CPU running mm (NULL: every CPU), by IPI (smp.c). */
void tlb_shootdown(struct mm *mm);

/* ---- hostfs.c: the file system device (platform/hostfs.h) ---------------- */
#include "abi/hostfs.h"
int64_t hostfs_call(enum hostfs_op op, uint64_t a0, uint64_t a1, uint64_t a2,
                    uint64_t a3, uint64_t a4, uint64_t a5);

/* ---- path.c: guest paths to hostfs mounts --------------------------- */
#define PATH_MAX 1024
void path_init(const struct bootblock *bb);
int path_absolute(const char *cwd, const char *path, char *out);
int path_resolve(const char *cwd, const char *path, unsigned *mnt,
                 char *rel, size_t relsize);
/* The guest path of rel beneath mount mnt's root (the first guest
 * directory showing it), or -ENOENT. */
int path_guest(unsigned mnt, const char *rel, char *out, size_t outsize);
#define AT_FDCWD (-100)
struct proc;
int path_user(struct proc *p, int64_t dirfd, uint64_t upath, unsigned *mnt,
              char *rel, char *abs);

/* ---- image.c: the image-load hooks (driver/pcount.h, docs/minios.md) - */
#include "driver/pcount.h"
/* An executable file as mapped: its identity (the hash of its content)
 * and guest path; VMAs that map it hold references. */
struct image;
void image_init(void);                /* the kernel's own record        */
/* The image of open hostfs file handle: a reference, or NULL if the
 * file has no identity (or the table is full). */
struct image *image_open(uint64_t handle);
/* image_open, and record the executable mmap (PCOUNT_IMG_MMAP) of the
 * file at base..base+size from file offset off in p, in the ring and in
 * the simulator (simctl). */
struct image *image_load(struct proc *p, uint64_t handle, uint64_t base,
                         uint64_t size, uint64_t off);
/* Give p's address space its number and record its executable image
 * mappings, the first as PCOUNT_IMG_EXEC: after an exec, and in a new
 * process (nothing if it shares an address space that has one). */
void image_announce(struct proc *p);
void image_space_end(const struct mm *mm);   /* mm is freed: EXIT   */
void image_dup(struct image *im);
void image_put(struct image *im);
/* The ring: copy up to max records with seq >= from_seq (or the oldest
 * still kept, if those are gone) into out; the number copied.  A reader
 * that finds out[0].seq > from_seq lost the records between. */
int image_read(struct pcount_image *out, uint64_t from_seq, int max);
/* Call emit for the kernel and every executable image mapping of every
 * live process (PCOUNT_IMG_SCAN records); the number emitted. */
int image_scan(void (*emit)(const struct pcount_image *, void *), void *arg);

/* ---- spinlock.c: LDQ_L/STQ_C locks and the IPL ---------------------- */
struct spinlock {
	volatile uint64_t locked;
	const char *name;
	int cpu;                       /* holder, for the panic message    */
};
void acquire(struct spinlock *lk);             /* raises the IPL to 7 */
void release(struct spinlock *lk);
bool holding(struct spinlock *lk);
void ipl_raise(void);                          /* nested, per CPU    */
void ipl_lower(void);
void kernel_lock(void);                        /* the big kernel lock */
void kernel_unlock(void);
bool kernel_held(void);

/* OSF IPLs (docs/ev5.md "The OSF/1 PALcode interface"): the clock and
 * IPIs come in at 5, the performance counters at 6; 7 masks everything. */
enum { IPL_CLOCK = 5, IPL_PERF = 6, IPL_HIGH = 7 };

/* ---- sched.c: CPUs, run queues, sleep and wakeup -------------------- */
#define NCPU 8
struct pcb {                           /* OSF/1 PCB, swpctx (pal.h)    */
	uint64_t ksp, usp, ptbr;
	uint32_t cc, asn;
	uint64_t unique, flags;
	uint64_t ctx;                      /* the sampling unit's PM_CTX:  */
	                                   /* the address space's DCPI     */
	                                   /* number (docs/precise.md)     */
	uint64_t reserved;
};
_Static_assert(sizeof(struct pcb) == PCB_SIZE &&
               __builtin_offsetof(struct pcb, ctx) == PCB_CTX, "pcb");
struct cpu {
	int id;
	struct proc *proc;             /* running here, or NULL            */
	struct pcb sched_pcb __attribute__((aligned(64)));  /* scheduler  */
	int noff;                      /* ipl_raise depth                  */
	uint64_t ipl;                  /* the IPL before the outermost one */
	struct proc *rq_head, *rq_tail;   /* runnable, waiting for this CPU */
	int rq_len;
	uint64_t ticks, slice_end;     /* clock ticks; preempt at slice_end */
	bool need_resched;
	volatile bool tlb_stale;       /* TBIAP before the next user run   */
	uint64_t asn_mm[128];          /* the mm id last run under each ASN */
	volatile uint64_t ipi_seq;     /* IPIs handled, for shootdown acks */
};
extern struct cpu cpus[NCPU];
extern int ncpu;
int cpuid(void);                               /* whami              */
struct cpu *mycpu(void);
void sleep(void *chan, struct spinlock *lk);   /* lk held; reacquired */
void wakeup(void *chan);
void wakeup_proc(struct proc *p);              /* a signal arrived   */
void yield(void);
void make_runnable(struct proc *p);
_Noreturn void scheduler(void);
_Noreturn void sched_exit(int state, void *parent_chan);  /* dead now */
bool sched_claim(struct proc *p);      /* a free slot is ours (EMBRYO) */
void sched_free(struct proc *p);       /* a reaped zombie's slot       */
void sched_clock(void);                /* a clock tick (IPL 5)        */
int sleep_until(uint64_t cycle);       /* 0, or -EINTR on a signal    */
void sleep_deadline(void *chan, uint64_t deadline);   /* 0: none     */
void sleep_deadline_unless(void *chan, uint64_t deadline,   /* no sleep  */
                           const volatile uint64_t *word, uint64_t seen); /* if *word != seen */
int wakeup_some(void *chan, int n, void *to, int nmove);
void sched_cpu_init(int id);

/* ---- smp.c: starting the other CPUs, IPIs, TLB shootdown ------------ */
void smp_start(void);                  /* CPU 0, before its scheduler */
_Noreturn void smp_secondary(int id);  /* entry.S, each other CPU     */
void smp_ipi(void);                    /* an IPI arrived (IPL 5)      */
void smp_kick(int cpu);                /* end cpu's wtint (sched.c)   */
/* Run fn(arg) on CPU cpu (by IPI, at IPL 5; here directly) and wait
 * for it to finish.  Big kernel lock held. */
void smp_call(int cpu, void (*fn)(void *), void *arg);
void proc_reload(struct proc *p);      /* swpctx to itself (new mm)   */

/* ---- file.c: open files --------------------------------------------- */
/* A character device (devices.def): its operations on an open file. */
struct file;
struct devops {
	int (*open)(struct file *f);                   /* may be NULL */
	void (*close)(struct file *f);                 /* may be NULL */
	int64_t (*read)(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
	int64_t (*write)(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
	int64_t (*ioctl)(struct proc *p, struct file *f, uint64_t cmd, uint64_t arg);
};
#define DEVICE(name, ops) extern const struct devops ops;
#include "minios/devices.def"
#undef DEVICE

enum ftype { F_CONSOLE, F_HOSTFS, F_DEVICE, F_PIPE };
struct file {
	enum ftype type;
	const struct devops *dev;      /* F_DEVICE                        */
	void *priv;                    /* F_DEVICE, F_PIPE                */
	int ref;
	int stream;                    /* F_CONSOLE: 0 in, 1 out, 2 err   */
	uint64_t handle;               /* F_HOSTFS                        */
	uint64_t off;
	unsigned flags;                /* the Linux open flags            */
	bool dir;
	char *path;                    /* a directory's guest path (kmalloc): */
};                                 /* the base of *at calls, fchdir   */
/* Descriptors per process (RLIMIT_NOFILE's hard limit; the soft one
 * starts there too) and open files in the whole system (Linux's
 * file-max is larger; this bounds kernel memory). */
#define NOFILE   1024
#define NFILE    8192
#define FD_CHUNK 128
/* The descriptor table, shared by the threads of a process
 * (CLONE_FILES), copied by fork; one page (share_copy, proc.c), its
 * descriptors in chunks of FD_CHUNK made when first used. */
struct fdtable {
	int ref;
	uint64_t cloexec[NOFILE / 64];
	struct file **chunk[NOFILE / FD_CHUNK];
};
struct fdtable *fdtable_copy(const struct fdtable *t);   /* or NULL  */
void fdtable_put(struct fdtable *t);  /* drop a reference; close at 0 */
/* Descriptors: fd_get the file (or NULL); fd_install the lowest free
 * one >= min and below the RLIMIT_NOFILE (or -EMFILE); fd_place at fd,
 * closing what was there (-ENOMEM, -EBADF); fd_close closes one;
 * fd_close_on_exec those marked. */
struct file *fd_get(struct proc *p, int64_t fd);
int fd_install(struct proc *p, struct file *f, int min, bool cloexec);
int fd_place(struct proc *p, int fd, struct file *f, bool cloexec);
int fd_close(struct proc *p, int64_t fd);
void fd_close_on_exec(struct proc *p);
bool fd_cloexec(struct proc *p, int fd);
void fd_set_cloexec(struct proc *p, int fd, bool on);
struct file *file_alloc(void);        /* ref 1, or NULL (ENFILE)      */
void file_free(struct file *f);        /* one never installed          */
struct file *file_dup(struct file *f);
void file_close(struct file *f);
int64_t file_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
int64_t file_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);

/* ---- lock.c: advisory file locks (fcntl, flock) --------------------- */
int64_t lock_fcntl(struct proc *p, struct file *f, int cmd, uint64_t uflock);
/* p's process closes a descriptor of f: its POSIX locks on the file
 * go; a process's exit drops all of them; an open file's last close
 * drops its OFD and flock locks. */
void lock_release_file(struct proc *p, struct file *f);
void lock_release_process(int tgid);
void lock_release_ofd(struct file *f);

/* ---- dev.c: /dev/NAME for the names in devices.def ------------------ */
/* True when path is a device: *ret is then the descriptor or -errno. */
bool dev_openat(struct proc *p, uint64_t upath, unsigned flags, int64_t *ret);
int64_t dev_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
int64_t dev_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
int64_t dev_ioctl(struct proc *p, struct file *f, uint64_t cmd, uint64_t arg);
void dev_close(struct file *f);

/* ---- pcount_intr.c: the DCPI driver's interrupts (IPL 6; clock 5) -- */
void pcount_interrupt(unsigned ctr, uint64_t pc, uint32_t entered);
void pcount_clock_interrupt(uint64_t pc);
void pcount_pm_interrupt(uint64_t bytes, uint64_t coll);

/* ---- proc.c: processes ---------------------------------------------- */

/* rt_sigaction's struct sigaction (handler, flags, mask: Linux/Alpha's
 * kernel layout) and the restorer glibc passes as its fifth argument. */
struct ksigaction { uint64_t handler, flags, mask, restorer; };
#define NSIGNAL 64
struct ksiginfo { int code, pid, status; uint64_t addr; };
/* Signal actions, shared by the threads of a process (CLONE_SIGHAND). */
struct sighand {
	int ref;
	struct ksigaction action[NSIGNAL];
};
/* The working directory and the file creation mask, shared by the
 * threads (CLONE_FS, as Linux's fs_struct). */
struct fsinfo {
	int ref;
	unsigned umask;
	char cwd[PATH_MAX];
};
/* proc.c: the tables clone shares or copies (Linux's files_struct,
 * sighand_struct, fs_struct), a page each.  share_copy gives a copy
 * of the size bytes at obj (all zero if obj is NULL) with ref 1, or
 * NULL when memory ran out; share_put drops a reference and frees the
 * page with the last. */
void *share_copy(const void *obj, size_t size);
void share_put(void *obj);

enum procstate { P_UNUSED, P_EMBRYO, P_RUNNABLE, P_RUNNING, P_SLEEPING,
                 P_ZOMBIE, P_DEAD };
/* A thread; a process is the threads sharing a tgid (CLONE_THREAD), the
 * first of which (pid == tgid) is its leader. */
struct proc {
	struct pcb pcb __attribute__((aligned(64)));
	int pid, tgid;
	enum procstate state;          /* sched.c's lock guards it        */
	struct proc *parent;
	int xstatus;                   /* wait status, Linux's encoding   */
	int exit_signal;               /* to the parent at exit (SIGCHLD) */
	void *chan;                    /* sleeping on                     */
	uint64_t deadline;             /* sleep_until's cycle             */
	int cpu;                       /* last ran on                     */
	struct proc *rq_next;
	struct proc *vfork_parent;     /* sleeping until we exec or exit  */
	uint64_t clear_tid;            /* CLONE_CHILD_CLEARTID address    */
	struct mm *mm;
	uint64_t kstack;               /* kernel stack (kseg), KSTACK bytes */
	uint64_t fp[32];               /* f0-f30 and the FPCR, switched out */
	struct fdtable *files;         /* shared with CLONE_FILES         */
	struct fsinfo *fs;             /* shared with CLONE_FS            */
	char exe[PATH_MAX];
	uint64_t robust_list;
	struct sighand *sighand;       /* shared with CLONE_SIGHAND       */
	struct ksiginfo siginfo[NSIGNAL];
	uint64_t sigmask, sigpending;
	uint64_t saved_mask;           /* rt_sigsuspend's caller's mask   */
	bool use_saved;
	uint64_t sys_nr, sys_a3;       /* the system call, for a restart  */
	bool restart;                  /* its result was -ERESTARTSYS     */
	bool group_exit;               /* exit_group: xstatus is the group's */
	uint64_t ieee_state;           /* osf_setsysinfo's FP control word */
	uint64_t rlim[RLIM_NLIMITS][2];   /* soft, hard: the process's      */
	int pgid, sid;                 /* process group and session       */
	bool did_exec;                 /* execve since fork (setpgid)     */
	uint64_t sas_sp, sas_size;     /* sigaltstack; size 0: none       */
	bool sas_autodisarm;           /* SS_AUTODISARM                   */
	int lock_blocker;              /* F_SETLKW waits for this process */
};
#define KSTACK PGSIZE
/* Threads at once.  A slot (a page, and its kernel stack) is made when
 * first needed and kept for reuse; proctab[0..nproctab) are those made. */
#define NPROC 512
/* Internal results: restart the call if no handler refuses (SA_RESTART);
 * leave v0 and a3 as the call set them (rt_sigreturn, execve). */
#define ERESTARTSYS 512
#define EJUSTRETURN 4096
extern struct proc *proctab[NPROC];
extern volatile int nproctab;
#define FOR_EACH_PROC(p) \
	for (struct proc **p##_i = proctab, *p; \
	     p##_i < proctab + nproctab && (p = *p##_i, true); p##_i++)
struct proc *proc_current(void);
struct proc *proc_alloc(void);         /* P_EMBRYO, kernel stack; or NULL */
struct proc *proc_find(int pid);       /* a live thread                 */
void proc_foreach(void (*f)(struct proc *, void *), void *arg);
void proc_first(struct proc *p, uint64_t entry, uint64_t sp);
void proc_exit(struct proc *p, int wstatus) __attribute__((noreturn));
void proc_exit_group(struct proc *p, int wstatus) __attribute__((noreturn));
int64_t proc_clone(struct trapframe *tf, uint64_t flags, uint64_t newsp,
                   uint64_t ptid, uint64_t ctid, uint64_t tls);
struct proc *proc_init_first(void);    /* process 1, before exec      */
void proc_vfork_release(struct proc *p);
int64_t proc_wait(int64_t pid, uint64_t ustatus, uint64_t options, uint64_t rusage);
uint64_t fpcr_read(void);
void fpcr_write(uint64_t fpcr);
void fp_exec(void);                    /* execve: Linux's FPCR         */
void fp_save(uint64_t *fp);            /* swtch.S                      */
void fp_load(const uint64_t *fp);
void swtch(uint64_t pcb_pa);           /* swtch.S                      */
void forkret(void);                    /* swtch.S: a new proc's start  */
void user_return(struct trapframe *tf);   /* entry.S, to user mode     */
#define W_EXITED(code) (((code) & 0xff) << 8)

/* ---- signal.c ------------------------------------------------------- */
#define SIGBIT(sig) (1ul << ((sig) - 1))
/* What no mask may hold (rt_sigprocmask, handlers' masks, sigsuspend,
 * ppoll): Linux's sigdelsetmask(SIGKILL | SIGSTOP), kernel/signal.c. */
#define SIG_UNBLOCKABLE (SIGBIT(9) | SIGBIT(17))   /* SIGKILL, Alpha's SIGSTOP */
void signal_send(struct proc *p, int sig, const struct ksiginfo *info);
void signal_group(int tgid, int sig, const struct ksiginfo *info);
bool signal_pending(struct proc *p);
/* Mask set until the return to user mode, where the old mask comes back
 * after any handler's frame has saved it (sigsuspend, ppoll). */
void signal_mask_until_return(struct proc *p, uint64_t set);
void signal_deliver(struct trapframe *tf);
void signal_fault(struct trapframe *tf, int sig, int code, uint64_t addr,
                  const char *what);

/* ---- futex.c -------------------------------------------------------- */
int futex_wake(struct proc *p, uint64_t uaddr, int n);

/* ---- pipe.c --------------------------------------------------------- */
int64_t pipe_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
int64_t pipe_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
void pipe_close(struct file *f);
unsigned pipe_poll(const struct file *f);   /* POLLIN, POLLOUT, ... ready */
/* sysfile.c: the number of threads in ppoll, whose address is the
 * channel they sleep on; pipe.c wakes it on each readiness change. */
extern int poll_sleepers;

/* ---- sim hints (simctl, docs/platform.md) --------------------------- */
void hint_context(int pid, uint32_t asn);

/* ---- exec.c --------------------------------------------------------- */
int exec(struct proc *p, const char *path, int argc, const char *const *argv,
         int envc, const char *const *envp, uint64_t *entry, uint64_t *sp);

/* ---- sysproc.c ----------------------------------------------------- */
void random_bytes(void *buf, size_t n);
void rlimit_init(struct proc *p);      /* process 1's: Linux's defaults */
/* RLIMIT_FSIZE: how many of n bytes at off may be written (sysproc.c) */
int64_t fsize_check(struct proc *p, uint64_t off, uint64_t n);
uint64_t cred_uid(void);               /* the guest's ids: the host's   */
uint64_t cred_gid(void);
uint64_t ts_cycles(const uint64_t ts[2]);   /* a timespec as cycles */
void cycles_ts(uint64_t cycles, uint64_t ts[2]);
/* Clock ticks a second as user space sees them (times, AT_CLKTCK): Linux/
 * Alpha's USER_HZ, arch/alpha/include/asm/param.h. */
#define USER_HZ 1024

/* ---- trap.c, syscall.c ---------------------------------------------- */
void trap_init(void);
void trap_interrupt(struct trapframe *tf, uint64_t entered);
void trap_arith(struct trapframe *tf);
void trap_mm(struct trapframe *tf);
void trap_if(struct trapframe *tf);
void trap_unaligned(struct trapframe *tf);
void syscall(struct trapframe *tf);
void entInt(void), entArith(void), entMM(void), entIF(void), entUna(void),
	entSys(void);
extern const struct bootblock *bootblock;
_Noreturn void kmain(uint64_t bb_pa);

/* the system calls, declared from their list */
#define SYSCALL(num, name, handler) int64_t handler(struct trapframe *tf);
#include "minios/syscalls.def"
#undef SYSCALL

/* ---- PALcode calls (docs/ev5.md "The OSF/1 PALcode interface") ---- */
static inline void pal_wrent(void (*f)(void), uint64_t which)
{
	register uint64_t a0 __asm__("$16") = (uint64_t)f;
	register uint64_t a1 __asm__("$17") = which;
	__asm__ volatile("call_pal 0x34" : "+r"(a0), "+r"(a1) :: "$0", "memory");
}
static inline uint64_t swpipl(uint64_t ipl)
{
	register uint64_t a0 __asm__("$16") = ipl;
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x35" : "=r"(v0), "+r"(a0) :: "memory");
	return v0;
}
static inline uint64_t rdps(void)
{
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x36" : "=r"(v0) :: "memory");
	return v0;
}
/* Wait for an interrupt, even one the IPL holds back (callpal.S). */
static inline void pal_wtint(void)
{
	register uint64_t a0 __asm__("$16") = 0;
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x3e" : "=r"(v0), "+r"(a0) :: "memory");
}
static inline uint64_t whami(void)
{
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x3c" : "=r"(v0));
	return v0;
}
static inline void pal_tbi(int64_t type, uint64_t va)
{
	register int64_t a0 __asm__("$16") = type;
	register uint64_t a1 __asm__("$17") = va;
	__asm__ volatile("call_pal 0x33" : "+r"(a0), "+r"(a1) :: "$0", "memory");
}
#endif /* __ASSEMBLER__ */
#endif
