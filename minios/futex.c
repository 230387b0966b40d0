/*
 * futex.c - fast user-space locking (Linux's futex(2), the operations
 * glibc's mutexes, condition variables, pthread_join and
 * CLONE_CHILD_CLEARTID use).
 *
 * A waiter sleeps on the kernel address of the futex word (its physical
 * page through kseg), so every mapping of the word, private or shared,
 * names the same wait queue.  The big kernel lock makes "check the word,
 * then sleep" atomic against a waker: FUTEX_PRIVATE_FLAG changes
 * nothing here.  Time-outs count in simulated cycles like nanosleep.
 */
#include "minios/defs.h"
#include <linux/futex.h>

/* The wait queue of the word at uaddr: its kernel address, or NULL. */
static void *futex_key(struct proc *p, uint64_t uaddr)
{
	if (uaddr & 3)
		return NULL;
	return uvm_page(p, uaddr, PROT_R);
}

int futex_wake(struct proc *p, uint64_t uaddr, int n)
{
	void *key = futex_key(p, uaddr);
	return key ? wakeup_some(key, n, NULL, 0) : -EFAULT;
}

/* Wait while the word is val, until woken, a signal or the time-out
 * (relative for FUTEX_WAIT, absolute on CLOCK_MONOTONIC or, with
 * FUTEX_CLOCK_REALTIME, CLOCK_REALTIME for FUTEX_WAIT_BITSET). */
static int64_t futex_wait(struct proc *p, uint64_t uaddr, uint32_t val,
                          uint64_t utimeout, bool absolute, bool realtime)
{
	void *key = futex_key(p, uaddr);
	if (!key)
		return -EFAULT;
	uint64_t deadline = 0;
	if (utimeout) {
		uint64_t ts[2];
		if (copyin(p, ts, utimeout, sizeof ts))
			return -EFAULT;
		if (ts[1] >= 1000000000ul)
			return -EINVAL;
		uint64_t now = machine_cycles(), t = ts_cycles(ts);
		if (absolute) {
			uint64_t epoch = realtime ? bootblock->epoch_s * bootblock->clock_hz : 0;
			t = t > epoch ? t - epoch : 0;
			deadline = t > now ? t : now;
		} else {
			deadline = now + t;
		}
		deadline += !deadline;
	}
	if (*(volatile uint32_t *)key != val)
		return -EAGAIN;
	sleep_deadline(key, deadline);
	if (deadline && machine_cycles() >= deadline)
		return -ETIMEDOUT;
	if (signal_pending(p))
		return utimeout ? -EINTR : -ERESTARTSYS;
	return 0;
}

/* futex(uaddr, op, val, timeout or val2, uaddr2, val3) */
int64_t sys_futex(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t uaddr = ARG(tf, 0), op = ARG(tf, 1);
	uint32_t val = (uint32_t)ARG(tf, 2);
	bool realtime = op & FUTEX_CLOCK_REALTIME;
	switch (op & FUTEX_CMD_MASK) {
	case FUTEX_WAIT:
		return futex_wait(p, uaddr, val, ARG(tf, 3), false, false);
	case FUTEX_WAIT_BITSET:
		return futex_wait(p, uaddr, val, ARG(tf, 3), true, realtime);
	case FUTEX_WAKE:
	case FUTEX_WAKE_BITSET:
		return futex_wake(p, uaddr, (int)val);
	case FUTEX_CMP_REQUEUE: {
		void *key = futex_key(p, uaddr);
		if (!key)
			return -EFAULT;
		if (*(volatile uint32_t *)key != (uint32_t)ARG(tf, 5))
			return -EAGAIN;
	}
		/* fall through */
	case FUTEX_REQUEUE: {
		void *from = futex_key(p, uaddr), *to = futex_key(p, ARG(tf, 4));
		if (!from || !to)
			return -EFAULT;
		return wakeup_some(from, (int)val, to, (int)ARG(tf, 3));
	}
	default:
		return -ENOSYS;
	}
}
