/*
 * main.c - the kernel's start (docs/minios.md, "Boot"): the banner, the
 * PALcode entry points, memory, the file system's mounts, the program
 * named in the boot block as process 1, the other CPUs, then this CPU's
 * scheduler.  Without a boot block (minios.elf run directly as a
 * bare-metal image) it stops after the banner.
 */
#include "minios/defs.h"

const struct bootblock *bootblock;
extern char __kernel_end[];

static const char *bb_str(uint64_t off) { return (const char *)bootblock + off; }

/* The runs of argc/envc strings, as arrays of pointers. */
static void bb_strings(uint64_t off, uint64_t n, const char **v)
{
	const char *s = bb_str(off);
	for (uint64_t i = 0; i < n; i++, s += strlen(s) + 1)
		v[i] = s;
	v[n] = NULL;
}

_Noreturn void kmain(uint64_t bb_pa)
{
	const struct bootblock *bb = bb_pa ? P2V(bb_pa) : NULL;
	if (bb && bb->magic != BOOTBLOCK_MAGIC)
		bb = NULL;
	if (!bb || !(bb->flags & BOOT_QUIET))
		kprintf("minios: Alpha 21164, OSF/1 PALcode, Linux/Alpha system calls\n");
	if (!bb) {
		kprintf("minios: no boot block: nothing to run\n");
		machine_exit(0);
	}
	bootblock = bb;
	trap_init();
	kinit(PGUP(bb_pa + bb->size), bb->mem_size);
	path_init(bb);
	image_init();
	vm_commit_init();

	struct proc *p = proc_init_first();
	if (!p)
		panic("no memory for process 1");
	static const char *argv[4096], *envp[4096];
	if (bb->argc >= 4096 || bb->envc >= 4096)
		panic("too many arguments");
	bb_strings(bb->argv, bb->argc, argv);
	bb_strings(bb->envp, bb->envc, envp);
	uint64_t entry, sp;
	int err = exec(p, bb_str(bb->exe), (int)bb->argc, argv, (int)bb->envc,
	               envp, &entry, &sp);
	if (err < 0) {
		kprintf("minios: %s: cannot execute (error %d)\n", bb_str(bb->exe), -err);
		machine_exit(127);
	}
	proc_first(p, entry, sp);
	smp_start();
	scheduler();
}
