/*
 * syscall.c - system call dispatch (entSys, entry.S).  The table comes
 * from syscalls.def; the names of the calls minios lacks come from the
 * cross toolchain's asm/unistd_32.h (minios/sysnames.h is generated from
 * it, minios/local.mk), so --trace-syscalls names every call.
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

/* --trace-syscalls (BOOT_TRACE): one line per call on standard error,
 * after it returns (before, for those that do not: exit, exit_group),
 * as strace prints it: every argument register, in hex past 4095. */
static void trace(const struct proc *p, uint64_t n, const struct trapframe *tf,
                  const char *result)
{
	char args[6][24];
	for (int i = 0; i < 6; i++) {
		int64_t v = (int64_t)tf->r[16 + i];
		if (v > -4096 && v < 4096)
			ksnprintf(args[i], sizeof args[i], "%ld", v);
		else
			ksnprintf(args[i], sizeof args[i], "0x%lx", (uint64_t)v);
	}
	kprintf("minios: [pid %d] %lu %s(%s, %s, %s, %s, %s, %s) = %s\n", p->pid, n,
	        n < NSYSCALL && names[n] ? names[n] : "unknown",
	        args[0], args[1], args[2], args[3], args[4], args[5], result);
}

/* The line for a call that returned r (its arguments as they came in:
 * tf). */
static void trace_result(const struct proc *p, uint64_t n, const struct trapframe *tf,
                         int64_t r)
{
	char res[64];
	if (r == -ENOSYS && (n >= NSYSCALL || !table[n]))
		ksnprintf(res, sizeof res, "-1 ENOSYS (not implemented)");
	else if (r == -EJUSTRETURN)      /* execve, or a sigreturn */
		ksnprintf(res, sizeof res, n == __NR_execve ? "0" : "? (back to the frame)");
	else if (r == -ERESTARTSYS)
		ksnprintf(res, sizeof res, "? (interrupted, to be restarted)");
	else if (r < 0)
		ksnprintf(res, sizeof res, "-1 (errno %ld)", -r);
	else
		ksnprintf(res, sizeof res, "%ld", r);
	trace(p, n, tf, res);
}

/* Under the big kernel lock (spinlock.c).  -ERESTARTSYS is EINTR to the
 * program unless signal delivery restarts the call (signal.c), which
 * needs its number and a3 as they were; -EJUSTRETURN leaves v0 and a3
 * as the call set them.  A call minios lacks is ENOSYS, silently unless
 * tracing. */
void syscall(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t n = tf->r[0];
	bool tracing = bootblock->flags & BOOT_TRACE;
	struct trapframe in;
	int64_t r;
	kernel_lock();
	p->sys_nr = n;
	p->sys_a3 = tf->r[19];
	if (tracing) {
		in = *tf;
		if (n == __NR_exit || n == __NR_exit_group)
			trace(p, n, tf, "?");
	}
	r = n < NSYSCALL && table[n] ? table[n](tf) : -ENOSYS;
	if (tracing)
		trace_result(p, n, &in, r);
	kernel_unlock();
	if (r == -EJUSTRETURN)
		return;
	p->restart = r == -ERESTARTSYS;
	if (p->restart)
		r = -EINTR;
	tf->r[0] = r < 0 ? (uint64_t)-r : (uint64_t)r;
	tf->r[19] = r < 0;
}
