/*
 * dev_hostfs.c - the hostfs device page (docs/platform.md "hostfs"): the
 * guest writes the physical address of a request block (platform/hostfs.h) to
 * REQ; the operation runs at once on the host (platform/hostfs.c, confined to
 * the mounted trees) and its result lands in the block.  What the device
 * writes into guest memory is announced to the machine like any device
 * write (machine_dma_write), so decoded code, lock flags and cached
 * copies of it do not go stale.
 */
#include "platform/dev.h"
#include <string.h>

/* Where each operation writes guest memory: the buffer argument, and a
 * fixed length, or the byte count it returns (counted). */
static const struct { uint8_t arg, fixed; bool counted; } out_area[] = {
	[HOSTFS_PREAD]    = { 1, 0, true },
	[HOSTFS_STAT]     = { 3, sizeof(struct hostfs_stat), false },
	[HOSTFS_FSTAT]    = { 1, sizeof(struct hostfs_stat), false },
	[HOSTFS_READDIR]  = { 1, 0, true },
	[HOSTFS_READLINK] = { 3, 0, true },
	[HOSTFS_IDENT]    = { 1, 0, true },
	[HOSTFS_STATFS]   = { 3, sizeof(struct hostfs_statfs), false },
	[HOSTFS_FSTATFS]  = { 1, sizeof(struct hostfs_statfs), false },
	[HOSTFS_CRED]     = { 0, sizeof(struct hostfs_cred), false },
};
#define N_OUT (sizeof out_area / sizeof out_area[0])

static void serve(struct machine *m, uint64_t pa)
{
	struct hostfs_req req;
	if ((pa & 7) || pa > m->bus.mem_size || sizeof req > m->bus.mem_size - pa)
		return;                        /* no block there: nothing to do */
	memcpy(&req, m->bus.ram + pa, sizeof req);
	hostfs_serve(&m->hostfs, &req, m->bus.ram, m->bus.mem_size);
	memcpy(m->bus.ram + pa + offsetof(struct hostfs_req, result), &req.result,
	       sizeof req.result);
	machine_dma_write(m, pa + offsetof(struct hostfs_req, result), sizeof req.result);
	uint64_t op = HOSTFS_OP(req.op);
	if (op < N_OUT && (out_area[op].fixed || out_area[op].counted) && req.result >= 0) {
		uint64_t len = out_area[op].counted ? (uint64_t)req.result : out_area[op].fixed;
		machine_dma_write(m, req.arg[out_area[op].arg], len);
	}
}

uint64_t hostfs_dev_read(struct machine *m, struct cpu *c, uint64_t off, unsigned size)
{
	(void)c; (void)size;
	uint64_t mounts = 0;
	switch (off) {
	case HOSTFS_REG_OPS:
		return m->hostfs.ops;
	case HOSTFS_REG_MOUNTS:
		for (unsigned i = 0; i < HOSTFS_MAX_MOUNTS; i++)
			mounts |= (uint64_t)(m->hostfs.root[i] >= 0) << i;
		return mounts;
	default:
		return 0;
	}
}

void hostfs_dev_write(struct machine *m, struct cpu *c, uint64_t off, unsigned size,
                      uint64_t val)
{
	(void)c; (void)size;
	if (off == HOSTFS_REG_REQ)
		serve(m, val & PA_MASK);
}
