/*
 * dev_simctl.c - the simulator control device (docs/platform.md
 * "simctl"): the guest's exit status, halting a CPU, waiting for an
 * interrupt (platform/wait.c), run markers, the reading CPU's number and
 * counts, and hints for the truth writer about which process (pid, ASN)
 * runs on a CPU and which image is loaded where (docs/architecture.md
 * "Devices"; the loader events of the DCPI paper, section 4.4).
 * A hint is staged in the CPU's own PID..PATHLEN registers and recorded
 * in the machine (machine_hint) when HINT is written.  With no host
 * memory left for a marker or a hint the run stops (STOP_NOMEM).
 */
#include "platform/dev.h"
#include "platform/wait.h"
#include <stdlib.h>
#include <string.h>

#define HINT_REG(off) (((off) - SIMCTL_PID) / 8)
#define MAX_HINT_PATH 4096

/* The path of an image hint, copied out of guest memory (empty if the
 * registers do not name RAM). */
static char *hint_path(const struct machine *m, uint64_t pa, uint64_t len)
{
	if (len > MAX_HINT_PATH || pa > m->bus.mem_size || len > m->bus.mem_size - pa)
		len = 0;
	char *s = malloc(len + 1);
	if (s) {
		memcpy(s, m->bus.ram + pa, len);
		s[len] = 0;
	}
	return s;
}

static void record_hint(struct machine *m, struct cpu *c, uint64_t kind)
{
	const uint64_t *r = m->hint_reg[c->id];
	if (kind != SIMCTL_HINT_CONTEXT && kind != SIMCTL_HINT_IMAGE)
		return;
	struct machine_hint h = {
		.kind = (unsigned)kind, .cpu = c->id, .cycles = cpu_cycles(c),
		.pid = r[HINT_REG(SIMCTL_PID)], .asn = r[HINT_REG(SIMCTL_ASN)],
	};
	if (kind == SIMCTL_HINT_IMAGE) {
		h.base = r[HINT_REG(SIMCTL_BASE)];
		h.size = r[HINT_REG(SIMCTL_SIZE)];
		h.offset = r[HINT_REG(SIMCTL_OFFSET)];
		h.ident = r[HINT_REG(SIMCTL_IDENT)];
		h.path = hint_path(m, r[HINT_REG(SIMCTL_PATH)] & PA_MASK,
		                   r[HINT_REG(SIMCTL_PATHLEN)]);
	}
	if ((kind == SIMCTL_HINT_IMAGE && !h.path) || !machine_hint(m, &h)) {
		free(h.path);
		cpu_request_stop(c, STOP_NOMEM);
	}
}

uint64_t simctl_read(struct machine *m, struct cpu *c, uint64_t off,
                     unsigned size)
{
	(void)size;
	if (off >= SIMCTL_PID && off < SIMCTL_HINT)
		return m->hint_reg[c->id][HINT_REG(off)];
	switch (off) {
	case SIMCTL_ICOUNT: return cpu_insns(c);
	case SIMCTL_CYCLES: return cpu_cycles(c);
	case SIMCTL_CPUID:  return c->id;
	case SIMCTL_NCPUS:  return m->bus.ncpus;
	default:            return 0;
	}
}

void simctl_write(struct machine *m, struct cpu *c, uint64_t off,
                  unsigned size, uint64_t val)
{
	(void)size;
	if (off >= SIMCTL_PID && off < SIMCTL_HINT) {
		m->hint_reg[c->id][HINT_REG(off)] = val;
		return;
	}
	switch (off) {
	case SIMCTL_EXIT:
		machine_exit(m, (int)(val & 0xff));
		break;
	case SIMCTL_KILLER:
		m->killer = val;
		break;
	case SIMCTL_HALT:
		cpu_request_stop(c, STOP_HALT);
		break;
	case SIMCTL_WAIT:
		wait_begin(c);
		break;
	case SIMCTL_MARK: {
		struct machine_mark mk = { c->id, val, cpu_cycles(c), cpu_insns(c) };
		if (!machine_mark(m, &mk))
			cpu_request_stop(c, STOP_NOMEM);
		break;
	}
	case SIMCTL_HINT:
		record_hint(m, c, val);
		break;
	default:
		break;
	}
}
