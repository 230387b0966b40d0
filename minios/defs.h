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

#ifndef __ASSEMBLER__
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <asm/errno.h>

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
#include "minios/bootblock.h"

/* ---- console.c ------------------------------------------------------ */
void cons_write(int stream, const char *s, size_t n);   /* 1 out, 2 err */
int64_t cons_read(char *buf, size_t n);
void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int ksnprintf(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
_Noreturn void panic(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void machine_exit(int status);
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
uint64_t udiv(uint64_t n, uint64_t d, uint64_t *rem);

/* ---- kalloc.c: physical pages --------------------------------------- */
void kinit(uint64_t start_pa, uint64_t end_pa);
uint64_t kalloc(void);                 /* a zeroed page's PA, or 0     */
uint64_t kalloc_dirty(void);           /* one not zeroed               */
void kfree(uint64_t pa);

/* ---- vm.c: page tables, address spaces, user memory ----------------- */
enum { PROT_R = 1, PROT_W = 2, PROT_X = 4 };   /* = Linux PROT_* */
struct vma {
	uint64_t start, end;           /* page aligned, end exclusive     */
	unsigned prot;
};
#define NVMA 64

/* An address space, shared by the threads of a process (CLONE_VM). */
struct mm {
	int ref;
	uint64_t l1;                   /* page table root, physical       */
	uint32_t asn;                  /* address space number (ITB/DTB)  */
	struct vma vma[NVMA];
	int nvma;
	uint64_t brk_start, brk, mmap_next;
};
struct proc;
uint64_t vm_create(void);             /* a new level-1 table, or 0     */
uint64_t *vm_pte(uint64_t l1, uint64_t va, bool alloc);
uint64_t vm_pte_bits(unsigned prot);
int vma_add(struct proc *p, uint64_t start, uint64_t end, unsigned prot);
int vma_remove(struct proc *p, uint64_t start, uint64_t end);
int vma_protect(struct proc *p, uint64_t start, uint64_t end, unsigned prot);
int vma_move(struct proc *p, uint64_t from, uint64_t len, uint64_t to);
struct vma *vma_find(struct proc *p, uint64_t va);
bool vma_free_range(struct proc *p, uint64_t start, uint64_t end);
void *uvm_page(struct proc *p, uint64_t va, unsigned need);  /* PROT_* */
int copyin(struct proc *p, void *dst, uint64_t uva, size_t n);
int copyout(struct proc *p, uint64_t uva, const void *src, size_t n);
int64_t copyinstr(struct proc *p, char *dst, uint64_t uva, size_t max);
void tlb_flush_user(void);

/* ---- hostfs.c: the file system device (sim/hostfs.h) ---------------- */
#include "sim/hostfs.h"
int64_t hostfs_call(enum hostfs_op op, uint64_t a0, uint64_t a1, uint64_t a2,
                    uint64_t a3, uint64_t a4, uint64_t a5);

/* ---- path.c: guest paths to hostfs mounts --------------------------- */
#define PATH_MAX 1024
void path_init(const struct bootblock *bb);
int path_absolute(const char *cwd, const char *path, char *out);
int path_resolve(const char *cwd, const char *path, unsigned *mnt,
                 char *rel, size_t relsize);

/* ---- spinlock.c: LDQ_L/STQ_C locks; sched.c: sleep and wakeup ------- */
struct spinlock {
	volatile uint64_t locked;
	const char *name;
	int cpu;                       /* holder, for the panic message    */
};
void acquire(struct spinlock *lk);
void release(struct spinlock *lk);
void sleep(void *chan, struct spinlock *lk);   /* lk held; reacquired */
void wakeup(void *chan);
int cpuid(void);                               /* whami              */

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
};
#define NOFILE 64
struct file *file_alloc(void);
struct file *file_dup(struct file *f);
void file_close(struct file *f);
int64_t file_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
int64_t file_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
struct file *fd_get(struct proc *p, int64_t fd);
int fd_install(struct proc *p, struct file *f, int min);

/* ---- dev.c: /dev/NAME for the names in devices.def ------------------ */
/* True when path is a device: *ret is then the descriptor or -errno. */
bool dev_openat(struct proc *p, uint64_t upath, unsigned flags, int64_t *ret);
int64_t dev_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
int64_t dev_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n);
int64_t dev_ioctl(struct proc *p, struct file *f, uint64_t cmd, uint64_t arg);
void dev_close(struct file *f);

/* ---- pcount.c: the DCPI driver's counter interrupt (IPL 6) ---------- */
void pcount_interrupt(unsigned ctr, uint64_t pc);

/* ---- proc.c: processes ---------------------------------------------- */
struct pcb {                           /* OSF/1 PCB, swpctx (pal.h)    */
	uint64_t ksp, usp, ptbr;
	uint32_t cc, asn;
	uint64_t unique, flags, reserved[2];
};
_Static_assert(sizeof(struct pcb) == PCB_SIZE, "pcb");

struct ksigaction { uint64_t handler, flags, mask; };
#define NSIG 64

struct proc {
	struct pcb pcb __attribute__((aligned(64)));
	int pid;
	struct mm *mm;
	uint64_t kstack;               /* kernel stack (kseg), KSTACK bytes */
	struct file *ofile[NOFILE];
	bool cloexec[NOFILE];
	char cwd[PATH_MAX];
	char exe[PATH_MAX];
	uint64_t tid_address, robust_list;
	struct ksigaction sig[NSIG];
	uint64_t sigmask;
	uint64_t ieee_state;           /* osf_setsysinfo's FP control word */
};
#define KSTACK (2 * PGSIZE)
struct proc *proc_current(void);
struct proc *proc_new(void);
_Noreturn void proc_start(struct proc *p, uint64_t entry, uint64_t sp);
_Noreturn void proc_exit(struct proc *p, int status);
void proc_enter(uint64_t pcb_pa) __attribute__((noreturn));
uint64_t fpcr_read(void);
void fpcr_write(uint64_t fpcr);

/* ---- exec.c --------------------------------------------------------- */
int exec(struct proc *p, const char *path, int argc, const char *const *argv,
         int envc, const char *const *envp, uint64_t *entry, uint64_t *sp);

/* ---- sysproc.c ----------------------------------------------------- */
void random_bytes(void *buf, size_t n);

/* ---- trap.c, syscall.c ---------------------------------------------- */
void trap_init(void);
void trap_interrupt(struct trapframe *tf);
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

/* ---- PALcode calls (EV5.md "The OSF/1 PALcode interface") ----------- */
static inline void pal_wrent(void (*f)(void), uint64_t which)
{
	register uint64_t a0 __asm__("$16") = (uint64_t)f;
	register uint64_t a1 __asm__("$17") = which;
	__asm__ volatile("call_pal 0x34" : "+r"(a0), "+r"(a1) :: "$0", "memory");
}
static inline void pal_tbi(int64_t type, uint64_t va)
{
	register int64_t a0 __asm__("$16") = type;
	register uint64_t a1 __asm__("$17") = va;
	__asm__ volatile("call_pal 0x33" : "+r"(a0), "+r"(a1) :: "$0", "memory");
}
#endif /* __ASSEMBLER__ */
#endif
