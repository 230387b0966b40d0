/*
 * syscall.c - system call dispatch (entSys, entry.S).  The table comes
 * from syscalls.def; the names of the calls minios lacks come from the
 * cross toolchain's asm/unistd_32.h (minios/sysnames.h is generated from
 * it, minios/local.mk), so an unknown call is reported by name, once.
 *
 * Linux/Alpha convention (arch/alpha/kernel/entry.S): v0 holds the
 * number and returns the value; a3 is 0, or 1 with the errno in v0.
 */
#include "minios/defs.h"
#include <asm/unistd.h>

#define SYSCALL(num, name, handler) \
	_Static_assert(num == __NR_##name, "syscalls.def: number of " #name);
#include "minios/syscalls.def"
#undef SYSCALL

#define NSYSCALL 600
typedef int64_t (*sysfn)(struct trapframe *);
static const sysfn table[NSYSCALL] = {
#define SYSCALL(num, name, handler) [num] = handler,
#include "minios/syscalls.def"
#undef SYSCALL
};

static const char *const names[NSYSCALL] = {
#define X(num, name) [num] = #name,
#include "minios/sysnames.h"
#undef X
};

static uint64_t reported[NSYSCALL / 64];

/* Under the big kernel lock (spinlock.c).  -ERESTARTSYS is EINTR to the
 * program unless signal delivery restarts the call (signal.c), which
 * needs its number and a3 as they were; -EJUSTRETURN leaves v0 and a3
 * as the call set them. */
void syscall(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t n = tf->r[0];
	int64_t r;
	kernel_lock();
	p->sys_nr = n;
	p->sys_a3 = tf->r[19];
	if (n < NSYSCALL && table[n]) {
		r = table[n](tf);
	} else {
		if (n >= NSYSCALL || !(reported[n / 64] & (1ul << (n % 64)))) {
			if (n < NSYSCALL)
				reported[n / 64] |= 1ul << (n % 64);
			kprintf("minios: system call %lu (%s) is not implemented\n", n,
			        n < NSYSCALL && names[n] ? names[n] : "unknown");
		}
		r = -ENOSYS;
	}
	kernel_unlock();
	if (r == -EJUSTRETURN)
		return;
	p->restart = r == -ERESTARTSYS;
	if (p->restart)
		r = -EINTR;
	tf->r[0] = r < 0 ? (uint64_t)-r : (uint64_t)r;
	tf->r[19] = r < 0;
}
