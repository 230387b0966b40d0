/*
 * hostfs.c - requests to the hostfs device (platform/hostfs.h): the kernel
 * fills the request block, writes its physical address to the device's
 * REQ register, and reads the result (>= 0, or a negated Linux/Alpha
 * errno) back from the block, with memory barriers around the doorbell
 * (ARM 5.6: I/O writes are ordered only by MB).  One request at a time.
 * Each says whether it is made for process 1 (HOSTFS_AS_DAEMON).
 */
#include "minios/defs.h"

static struct hostfs_req req __attribute__((aligned(64)));

int64_t hostfs_call(enum hostfs_op op, uint64_t a0, uint64_t a1, uint64_t a2,
                    uint64_t a3, uint64_t a4, uint64_t a5)
{
	/* process 1 and its threads are the daemon, as for /dev/pcount
	 * (pcount_dev.c, pc_open): only they reach the profile database */
	const struct proc *p = proc_current();
	uint64_t as = p && p->tgid == 1 ? HOSTFS_AS_DAEMON : 0;
	req = (struct hostfs_req){ op | as, { a0, a1, a2, a3, a4, a5 }, 0 };
	__asm__ volatile("mb" ::: "memory");      /* the block, then the doorbell */
	*(volatile uint64_t *)P2V(IO_HOSTFS + HOSTFS_REG_REQ) = V2P(&req);
	__asm__ volatile("mb" ::: "memory");      /* the device wrote memory */
	return req.result;
}
