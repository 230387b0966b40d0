/*
 * machine.c - the platform: RAM, the device list, interrupt lines, the
 * SMP scheduler and the coherence of what the CPUs share (platform/machine.h,
 * docs/platform.md).
 */
#include "platform/machine.h"
#include "platform/dev.h"
#include "chip/intr.h"
#include "chip/pal.h"
#include "chip/model.h"
#include "platform/wait.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <sys/mman.h>

/* The device list (docs/platform.md). */
static const struct device devices[] = {
	{ "console", IO_CONSOLE, console_read,    console_write },
	{ "simctl",  IO_SIMCTL,  simctl_read,     simctl_write },
	{ "timer",   IO_TIMER,   timer_read,      timer_write },
	{ "ipi",     IO_IPI,     ipi_read,        ipi_write },
	{ "hostfs",  IO_HOSTFS,  hostfs_dev_read, hostfs_dev_write },
};

static const struct device *find_device(uint64_t pa)
{
	for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++)
		if (pa - devices[i].base < PAGE_SIZE)
			return &devices[i];
	return NULL;
}

/* ---- the bus's hooks (chip/bus.h) ------------------------------------ */

static bool io_read(struct bus *b, struct cpu *c, uint64_t pa, unsigned size,
                    uint64_t *val)
{
	const struct device *dv = find_device(pa);
	if (!dv)
		return false;
	*val = dv->read(machine_of(b), c, pa - dv->base, size);
	return true;
}

static bool io_write(struct bus *b, struct cpu *c, uint64_t pa, unsigned size,
                     uint64_t val)
{
	const struct device *dv = find_device(pa);
	if (!dv)
		return false;
	dv->write(machine_of(b), c, pa - dv->base, size, val);
	return true;
}

static void bus_timer_tick(struct bus *b, struct cpu *c, uint64_t now)
{
	timer_tick(machine_of(b), c, now);
}

static const struct bus_ops platform_ops = { io_read, io_write, bus_timer_tick };

struct machine *machine_new(uint64_t mem_size, unsigned ncpus)
{
	struct machine *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->bus.ops = &platform_ops;
	m->bus.mem_size = mem_size;
	m->bus.npages = mem_size >> PAGE_SHIFT;
	/* Anonymous mappings are zero and cost nothing until touched. */
	m->bus.ram = mmap(NULL, mem_size, PROT_READ | PROT_WRITE,
	                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	m->bus.pflags = calloc(m->bus.npages, 1);
	m->bus.dpages = calloc(m->bus.npages, sizeof *m->bus.dpages);
	if (m->bus.ram == MAP_FAILED || !m->bus.pflags || !m->bus.dpages) {
		if (m->bus.ram != MAP_FAILED)
			munmap(m->bus.ram, mem_size);
		free(m->bus.pflags);
		free(m->bus.dpages);
		free(m);
		return NULL;
	}
	m->con_out = stdout;
	m->con_err = stderr;
	m->bus.ev_model = 5;
	params_default(&m->params);
	hostfs_init(&m->hostfs);
	m->bus.ncpus = ncpus;
	for (unsigned i = 0; i < ncpus; i++) {
		m->bus.cpu[i] = malloc(sizeof *m->bus.cpu[i]);
		if (!m->bus.cpu[i]) {
			machine_free(m);
			return NULL;
		}
		cpu_init(m->bus.cpu[i], &m->bus, i, &m->params);
		m->cpi16[i] = 16;
	}
	return m;
}

void machine_free(struct machine *m)
{
	if (!m)
		return;
	for (unsigned i = 0; i < m->bus.ncpus && m->bus.cpu[i]; i++) {
		timing_free(m->bus.cpu[i]->timing);
		free(m->bus.cpu[i]);
	}
	for (uint64_t p = 0; p < m->bus.npages; p++)
		free(m->bus.dpages[p]);
	for (size_t i = 0; i < m->nhints; i++)
		free(m->hints[i].path);
	free(m->hints);
	free(m->marks);
	hostfs_close_all(&m->hostfs);
	munmap(m->bus.ram, m->bus.mem_size);
	free(m->bus.pflags);
	free(m->bus.dpages);
	free(m);
}

void machine_exit(struct machine *m, int status)
{
	m->stopped = true;
	m->exit_status = status;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		cpu_request_stop(m->bus.cpu[i], STOP_EXIT);
}

bool machine_timing_on(struct machine *m, const struct truth_sink *sink)
{
	for (unsigned i = 0; i < m->bus.ncpus; i++) {
		struct cpu *c = m->bus.cpu[i];
		c->timing = timing_new(c, &m->params, sink, m->bus.mem_size);
		if (!c->timing)
			return false;
		m->memsys[i] = &c->timing->ms;
	}
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		memsys_share(m->memsys[i], m->memsys, m->bus.ncpus);
	return true;
}

void machine_configure(struct machine *m, const struct pmu_tracer *trace)
{
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		pal_configure_cpu(m->bus.cpu[i], &m->params, trace);
}

uint64_t machine_insns(const struct machine *m)
{
	uint64_t n = 0;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		n += cpu_insns(m->bus.cpu[i]);
	return n;
}

/* ---- interrupt lines ------------------------------------------------ */

/* The ISR bit each source drives: both are EV5 IRQ2 (ISR<22>, EV5 IPL 22,
 * OSF IPL 5; docs/ev5.md "The OSF/1 PALcode interface"), where OSF/1 takes the
 * clock and interprocessor interrupts; PALcode reads the devices' PENDING
 * registers to tell them apart. */
static const uint8_t irq_isr_bit[IRQS_N] = {
	[IRQS_TIMER] = 22,
	[IRQS_IPI]   = 22,
};

static bool line_level(uint8_t sources, unsigned bit)
{
	for (unsigned s = 0; s < IRQS_N; s++)
		if (irq_isr_bit[s] == bit && (sources >> s & 1))
			return true;
	return false;
}

unsigned machine_irq_bit(enum irq_source s)
{
	return irq_isr_bit[s];
}

void machine_irq(struct machine *m, unsigned cpu, enum irq_source s, bool on)
{
	uint8_t was = m->irq_src[cpu];
	uint8_t now = on ? was | (uint8_t)(1u << s) : was & (uint8_t)~(1u << s);
	unsigned bit = irq_isr_bit[s];
	m->irq_src[cpu] = now;
	if (line_level(was, bit) != line_level(now, bit))
		cpu_irq(m->bus.cpu[cpu], bit, line_level(now, bit));
}

/* ---- what the CPUs share -------------------------------------------- */

void machine_dma_write(struct machine *m, uint64_t pa, uint64_t len)
{
	if (!len || pa >= m->bus.mem_size || len > m->bus.mem_size - pa)
		return;
	bus_dma_write(&m->bus, pa, len);
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (m->memsys[i])
			memsys_invalidate_range(m->memsys[i], pa, len);
}

/* ---- simctl records ------------------------------------------------- */

bool machine_mark(struct machine *m, const struct machine_mark *mk)
{
	if (!xalloc_room((void **)&m->marks, m->nmarks, sizeof *m->marks))
		return false;
	m->marks[m->nmarks++] = *mk;
	return true;
}

bool machine_hint(struct machine *m, const struct machine_hint *h)
{
	if (!xalloc_room((void **)&m->hints, m->nhints, sizeof *m->hints))
		return false;
	m->hints[m->nhints++] = *h;
	return true;
}

/* ---- running the CPUs ----------------------------------------------- */

/* One CPU alone needs no interleaving: slices this long. */
#define SOLO_SLICE (1ull << 20)

/* Run c until its clock reaches target, raising its timer's ticks on the
 * way; slices end at ticks, so they come at the right cycle.  While c
 * waits for an interrupt its clock jumps (platform/wait.c).  With the
 * timing model a slice is counted in instructions, sized from the cycles
 * per instruction of the one before: towards a tick, half of that, so
 * the slices shrink; within TICK_NEAR cycles of it the timed loop
 * watches for its cycle at every boundary (intr_dev_due), and the tick
 * is taken at that cycle exactly. */
#define TICK_NEAR 256

static enum cpu_stop run_until(struct machine *m, struct cpu *c, uint64_t target,
                               uint64_t max_insns)
{
	struct timing *tm = c->timing;
	for (;;) {
		timer_advance(m, c);
		uint64_t now = cpu_cycles(c);
		if (now >= target)
			return STOP_BUDGET;
		if (c->waiting) {
			wait_run(m, c, target);
			continue;
		}
		uint64_t due = timer_due(m, c->id);
		uint64_t goal = due < target ? due : target;
		uint64_t n = goal - now;
		if (tm) {
			bool near = goal == due && n <= TICK_NEAR;
			intr_dev_due(c, near ? due : UINT64_MAX);
			n = n * 16 / m->cpi16[c->id] / (goal == due && !near ? 2 : 1);
			if (!n)
				n = 1;
		}
		if (max_insns) {
			uint64_t done = machine_insns(m);
			if (done >= max_insns)
				return STOP_LIMIT;
			if (n > max_insns - done)
				n = max_insns - done;
		}
		uint64_t i0 = cpu_insns(c);
		enum cpu_stop why = tm ? timing_run(c, tm, (int64_t)n) : cpu_run(c, (int64_t)n);
		uint64_t di = cpu_insns(c) - i0;
		if (tm && di) {
			uint64_t cpi = (cpu_cycles(c) - now) * 16 / di;
			m->cpi16[c->id] = cpi ? cpi : 1;
		}
		if (why != STOP_BUDGET) {
			timer_advance(m, c);
			return why;
		}
	}
}

/* Every CPU still running waits, and only another CPU could end a wait. */
static bool all_idle(struct machine *m)
{
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (!(m->halted >> i & 1) && !m->bus.cpu[i]->waiting)
			return false;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (!(m->halted >> i & 1) && wait_wake(m, m->bus.cpu[i]) != UINT64_MAX)
			return false;
	return true;
}

enum cpu_stop machine_run(struct machine *m, uint64_t max_insns, uint64_t max_cycles)
{
	uint64_t q = m->bus.ncpus > 1 ? m->params.smp_quantum : SOLO_SLICE;
	uint64_t end = UINT64_MAX;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (cpu_cycles(m->bus.cpu[i]) < end)
			end = cpu_cycles(m->bus.cpu[i]);
	end = (end / q + 1) * q;
	for (;;) {
		/* the last quantum ends at the cycle limit */
		bool last = max_cycles && end >= max_cycles;
		if (last)
			end = max_cycles;
		bool running = false;
		for (unsigned i = 0; i < m->bus.ncpus; i++) {
			struct cpu *c = m->bus.cpu[i];
			if (m->halted >> i & 1)
				continue;
			running = true;
			if (cpu_cycles(c) >= end)
				continue;
			if (m->bus.ncpus > 1)
				bus_guard_locks(&m->bus, c);
			enum cpu_stop why = run_until(m, c, end, max_insns);
			if (why == STOP_HALT) {
				m->halted |= 1u << i;
				continue;
			}
			if (why != STOP_BUDGET) {
				m->stop_cpu = i;
				return why;
			}
		}
		if (!running)
			return STOP_HALT;
		if (all_idle(m))
			return STOP_IDLE;
		if (last) {
			m->stop_cpu = 0;
			return STOP_CYCLES;
		}
		if (m->observer)
			m->observer->slice(m->observer->arg, m);
		end += q;
	}
}
