/*
 * machine.c - the platform: RAM, the device list, and running the CPUs.
 */
#include "sim/machine.h"
#include "sim/dev.h"
#include "sim/timing.h"
#include "sim/truth.h"
#include <stdlib.h>
#include <sys/mman.h>

/* The device list (docs/platform.md). */
static const struct device devices[] = {
	{ "console", DEV_CONSOLE_BASE, console_read, console_write },
	{ "simctl",  DEV_SIMCTL_BASE,  simctl_read,  simctl_write },
};

static const struct device *find_device(uint64_t pa)
{
	for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++)
		if (pa - devices[i].base < PAGE_SIZE)
			return &devices[i];
	return NULL;
}

bool machine_io_read(struct machine *m, struct cpu *c, uint64_t pa,
                     unsigned size, uint64_t *val)
{
	const struct device *dv = find_device(pa);
	if (!dv)
		return false;
	*val = dv->read(m, c, pa - dv->base, size);
	return true;
}

bool machine_io_write(struct machine *m, struct cpu *c, uint64_t pa,
                      unsigned size, uint64_t val)
{
	const struct device *dv = find_device(pa);
	if (!dv)
		return false;
	dv->write(m, c, pa - dv->base, size, val);
	return true;
}

struct machine *machine_new(uint64_t mem_size, unsigned ncpus)
{
	struct machine *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->mem_size = mem_size;
	m->npages = mem_size >> PAGE_SHIFT;
	/* Anonymous mappings are zero and cost nothing until touched. */
	m->ram = mmap(NULL, mem_size, PROT_READ | PROT_WRITE,
	              MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	m->pflags = calloc(m->npages, 1);
	m->dpages = calloc(m->npages, sizeof *m->dpages);
	if (m->ram == MAP_FAILED || !m->pflags || !m->dpages) {
		if (m->ram != MAP_FAILED)
			munmap(m->ram, mem_size);
		free(m->pflags);
		free(m->dpages);
		free(m);
		return NULL;
	}
	m->con_out = stdout;
	m->con_err = stderr;
	m->ev_model = 5;
	params_default(&m->params);
	m->ncpus = ncpus;
	for (unsigned i = 0; i < ncpus; i++) {
		m->cpu[i] = malloc(sizeof *m->cpu[i]);
		if (!m->cpu[i])
			abort();
		cpu_init(m->cpu[i], m, i);
	}
	return m;
}

void machine_free(struct machine *m)
{
	if (!m)
		return;
	for (unsigned i = 0; i < m->ncpus; i++) {
		timing_free(m->timing[i]);
		free(m->cpu[i]);
	}
	truth_free(m->truth);
	for (uint64_t p = 0; p < m->npages; p++)
		free(m->dpages[p]);
	munmap(m->ram, m->mem_size);
	free(m->pflags);
	free(m->dpages);
	free(m);
}

void machine_exit(struct machine *m, int status)
{
	m->stopped = true;
	m->exit_status = status;
	for (unsigned i = 0; i < m->ncpus; i++)
		cpu_request_stop(m->cpu[i], STOP_EXIT);
}

bool machine_timing_on(struct machine *m, bool truth)
{
	if (truth && !(m->truth = truth_new()))
		return false;
	for (unsigned i = 0; i < m->ncpus; i++) {
		m->timing[i] = timing_new(m->cpu[i], &m->params, m->truth, m->mem_size);
		if (!m->timing[i])
			return false;
		m->cpu[i]->timed = true;
	}
	return true;
}

enum cpu_stop machine_run(struct machine *m, uint64_t max_insns)
{
	/* One CPU for now; SMP interleaves CPUs in quanta here. */
	struct cpu *c = m->cpu[0];
	const int64_t quantum = 1 << 20;
	for (;;) {
		int64_t slice = quantum;
		if (max_insns) {
			uint64_t done = cpu_insns(c);
			if (done >= max_insns)
				return STOP_LIMIT;
			if ((uint64_t)slice > max_insns - done)
				slice = (int64_t)(max_insns - done);
		}
		enum cpu_stop why = m->timing[0] ? timing_run(c, m->timing[0], slice)
		                                 : cpu_run(c, slice);
		if (why != STOP_BUDGET)
			return why;
	}
}
