/*
 * proc.c - processes.  One for now: process 1, the program the boot
 * block names, with its PCB (the OSF/1 context swpctx loads: kernel and
 * user stack, page table, ASN, FEN), page table, mappings, files and
 * kernel stack.  It starts by returning from a trapframe built here,
 * and its exit stops the machine with its status.
 */
#include "minios/defs.h"

static struct proc proc1;
static struct mm mm1;
static char kstack1[KSTACK] __attribute__((aligned(PGSIZE)));
static struct proc *current;

/* FPCR of a new Linux process: traps disabled, round to nearest
 * (docs/fp.md; Linux ieee_swcr_to_fpcr(0) | FPCR_DYN_NORMAL). */
static const uint64_t fpcr_linux = 0x680e800000000000ul;

struct proc *proc_current(void) { return current; }

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

struct proc *proc_new(void)
{
	struct proc *p = &proc1;
	memset(p, 0, sizeof *p);
	p->pid = 1;
	p->mm = &mm1;
	p->mm->ref = 1;
	p->mm->l1 = vm_create();
	if (!p->mm->l1)
		return NULL;
	p->mm->asn = 1;
	p->mm->mmap_next = MMAP_BASE;
	p->kstack = (uint64_t)kstack1;
	p->pcb.ptbr = p->mm->l1 >> PGSHIFT;
	p->pcb.asn = p->mm->asn;
	p->pcb.flags = 1;                     /* FEN */
	for (int fd = 0; fd < 3; fd++)
		if (!(p->ofile[fd] = console(fd)))
			return NULL;
	strlcpy(p->cwd, (const char *)bootblock + bootblock->cwd, sizeof p->cwd);
	return p;
}

/* Enter user mode at entry with stack sp: every register zero (v0 = 0
 * is what Linux's ELF_PLAT_INIT gives _start), FPCR as Linux sets it. */
_Noreturn void proc_start(struct proc *p, uint64_t entry, uint64_t sp)
{
	struct trapframe *tf = (struct trapframe *)(p->kstack + KSTACK) - 1;
	memset(tf, 0, sizeof *tf);
	tf->ps = PS_USER;
	tf->pc = entry;
	tf->usp = sp;
	p->pcb.ksp = (uint64_t)tf;
	p->pcb.usp = sp;
	current = p;
	fpcr_write(fpcr_linux);
	proc_enter(V2P(&p->pcb));
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

_Noreturn void proc_exit(struct proc *p, int status)
{
	(void)p;
	machine_exit(status);
}
