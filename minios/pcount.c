/*
 * pcount.c - /dev/pcount, the DCPI sampling driver's device (the core is
 * driver/, the interface driver/pcount.h, docs/dcpi.md): the hardware
 * under the core (wrperfmon, RPCC), the counter interrupt's entry, the
 * cross-CPU calls of section 4.2.3, and the ioctls and read().
 *
 * Other helpers' kernel pieces this file uses and that may be missing
 * from a tree are weak references, checked before use:
 *   sleep, wakeup, acquire, release (sched.c, spinlock.c): without them
 *     read() never blocks: it answers -EAGAIN when nothing is full;
 *   ipi_call(cpu, fn, arg) (the SMP code: run fn(arg) on cpu by IPI and
 *     wait): without it only CPU 0 may be enabled;
 *   image_read, image_scan (image.c, signatures in driver/pcount.h):
 *     without them PCOUNT_READ_IMAGES and PCOUNT_SCAN_IMAGES answer
 *     -ENOSYS.
 */
#include "minios/defs.h"
#include "driver/driver.h"
#include <asm/fcntl.h>

void ipi_call(int cpu, void (*fn)(void *), void *arg);
int64_t image_read(uint64_t seq, struct pcount_image *out, uint32_t max,
                   uint64_t *next, uint64_t *lost);
int64_t image_scan(uint64_t from, struct pcount_image *out, uint32_t max,
                   uint64_t *next);
#pragma weak sleep
#pragma weak wakeup
#pragma weak acquire
#pragma weak release
#pragma weak ipi_call
#pragma weak image_read
#pragma weak image_scan

#define BUCKETS 1024                   /* per CPU: 4096 entries, 64 KB */

static struct pcount_cpu cpus[PCOUNT_MAX_CPUS];
static struct pcount_slot memory[PCOUNT_MAX_CPUS][PCOUNT_CPU_SLOTS(BUCKETS)]
	__attribute__((aligned(64)));
static unsigned ncpus;
static bool opened, running;
static uint64_t cpu_mask;
static struct pcount_config config;    /* checked, defaults filled in */
static volatile uint64_t notify_gen;   /* bumped when there is data   */
static struct spinlock read_lock = { .name = "pcount", .cpu = -1 };

/* ---- the hardware: wrperfmon (docs/pal.md), RPCC, whami, swpipl ----- */
static inline uint64_t wrperfmon(uint64_t fn, uint64_t arg)
{
	register uint64_t a0 __asm__("$16") = fn;
	register uint64_t a1 __asm__("$17") = arg;
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x39" : "=r"(v0), "+r"(a0), "+r"(a1) :: "memory");
	return v0;
}
enum { PM_DISABLE, PM_ENABLE, PM_SELECT, PM_OPTIONS, PM_FREQ, PM_READ,
       PM_WRITE };

static inline unsigned whami(void)
{
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x3c" : "=r"(v0));
	return (unsigned)v0;
}

static inline uint64_t set_ipl(uint64_t ipl)
{
	register uint64_t a0 __asm__("$16") = ipl;
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x35" : "=r"(v0), "+r"(a0) :: "memory");
	return v0;
}

/* PMCTR's fields (docs/pmu.md): where each counter's count and select
 * value go. */
static const unsigned count_shift[PCOUNT_NCOUNTERS] = { 48, 32, 16 };
static const uint64_t sel_field[PCOUNT_NCOUNTERS] = { 1ul << 31, 0xf0, 0x0f };
static const unsigned sel_shift[PCOUNT_NCOUNTERS] = { 31, 4, 0 };

void pcount_hw_write(unsigned ctr, uint32_t value)
{
	wrperfmon(PM_WRITE, (1u << ctr) | (uint64_t)value << count_shift[ctr]);
}

void pcount_hw_select(unsigned ctr, unsigned event)
{
	uint64_t sel = wrperfmon(PM_READ, 0) & (sel_field[0] | sel_field[1] |
	                                        sel_field[2]);
	sel &= ~sel_field[ctr];
	sel |= (uint64_t)pcount_select_value(ctr, event) << sel_shift[ctr];
	wrperfmon(PM_SELECT, sel);
}

void pcount_hw_enable(unsigned mask, unsigned flags)
{
	uint64_t kill = (flags & PCOUNT_NO_USER ? 1ul << 30 : 0) |
	                (flags & PCOUNT_NO_PAL ? 1ul << 9 : 0) |
	                (flags & PCOUNT_NO_KERNEL ? 1ul << 8 : 0);
	wrperfmon(PM_OPTIONS, kill);
	wrperfmon(PM_FREQ, 0xa800);        /* CTL0-2 = 2: interrupt at wrap */
	wrperfmon(PM_ENABLE, mask);
}

void pcount_hw_disable(void)
{
	wrperfmon(PM_DISABLE, 7);
}

uint32_t pcount_hw_rpcc(void)
{
	uint64_t t;
	__asm__ volatile("rpcc %0" : "=r"(t));
	return (uint32_t)t;
}

uint64_t pcount_hw_cycles(void)
{
	return machine_cycles();
}

/* From the handler at IPL 6 too: acquire raises the IPL to 7, so the
 * scheduler's lock is never held under us on this CPU. */
void pcount_notify(void)
{
	notify_gen++;
	if (wakeup)
		wakeup((void *)&notify_gen);
}

/* ---- the counter interrupt (trap.c), at IPL 6 ----------------------- */
void pcount_interrupt(unsigned ctr, uint64_t pc)
{
	struct pcount_cpu *c = &cpus[whami()];
	struct proc *p = proc_current();
	if (c->hot.intr && ctr < PCOUNT_NCOUNTERS)
		c->hot.intr(c, ctr, pc, p ? (uint32_t)p->pid : 0);
}

/* ---- running code on a CPU at IPL 6 (section 4.2.3) ----------------- */
typedef void cpu_fn(struct pcount_cpu *c);

/* On the CPU itself: raised to the counter's level, so atomic with
 * respect to its handler; the barrier publishes what fn and the handler
 * wrote to the CPU that asked.  fn NULL: only that barrier. */
static void here(void *arg)
{
	cpu_fn *fn = (cpu_fn *)arg;
	uint64_t ipl = set_ipl(6);
	if (fn)
		fn(&cpus[whami()]);
	__sync_synchronize();
	set_ipl(ipl);
}

static int on_cpu(unsigned cpu, cpu_fn *fn)
{
	if (cpu == whami())
		here((void *)fn);
	else if (ipi_call)
		ipi_call((int)cpu, here, (void *)fn);
	else
		return -ENOSYS;
	__sync_synchronize();
	return 0;
}

/* ---- the operations ------------------------------------------------- */
static void cpu_start(struct pcount_cpu *c)
{
	pcount_cpu_configure(c, &config);
	pcount_cpu_start(c);
}

static int do_start(void)
{
	if (running)
		return -EBUSY;
	for (unsigned i = 0; i < ncpus; i++)
		if (cpu_mask >> i & 1) {
			int err = on_cpu(i, cpu_start);
			if (err)
				return err;
		}
	running = true;
	return 0;
}

static int do_stop(void)
{
	for (unsigned i = 0; i < ncpus; i++)
		if (cpus[i].enabled) {
			int err = on_cpu(i, pcount_cpu_stop);
			if (err)
				return err;
		}
	running = false;
	return 0;
}

/* Every CPU: set its flag, copy its table out, clear the flag and hand
 * over the partly filled buffer. */
static int do_flush(void)
{
	for (unsigned i = 0; i < ncpus; i++) {
		int err = on_cpu(i, pcount_cpu_flush_begin);
		if (err)
			return err;
		pcount_flush_copy(&cpus[i]);
		on_cpu(i, pcount_cpu_flush_end);
	}
	pcount_notify();
	return 0;
}

/* One CPU's next full buffer (or staged chunk) to the user: entries. */
static int64_t read_entries(struct proc *p, uint64_t ubuf, struct pcount_read *r)
{
	for (unsigned i = 0; i < ncpus; i++) {
		struct pcount_cpu *c = &cpus[i];
		if (!pcount_has_full(c) || on_cpu(i, NULL))
			continue;
		const struct pcount_slot *s;
		uint32_t n = pcount_take(c, &s);
		if (copyout(p, ubuf, s, n * sizeof *s))
			return -EFAULT;
		uint64_t before = c->st.samples_read;
		pcount_give(c, s, n);
		r->count = n;
		r->cpu = i;
		r->total = c->st.samples_read - before;
		return n;
	}
	return 0;
}

static void get_stats(struct pcount_stats *st)
{
	*st = (struct pcount_stats){ .ncpus = ncpus, .nevents = PCOUNT_NEVENTS };
	for (unsigned i = 0; i < ncpus; i++) {
		pcount_stats_cpu(&cpus[i], &st->cpu[i]);
		pcount_stats_add(&st->total, &st->cpu[i]);
		for (unsigned e = 0; e < PCOUNT_NEVENTS; e++) {
			st->event_samples[e] += cpus[i].read_by_event[e];
			st->monitored_cycles[e] += cpus[i].monitored[e];
		}
	}
}

static void get_info(struct pcount_info *in)
{
	*in = (struct pcount_info){
		.version = PCOUNT_VERSION, .ncpus = ncpus,
		.ncounters = PCOUNT_NCOUNTERS, .nevents = PCOUNT_NEVENTS,
		.hash_buckets = BUCKETS, .buffer_entries = PCOUNT_BUF_ENTRIES,
		.mux_max = PCOUNT_MUX_MAX,
	};
	for (unsigned e = 0; e < PCOUNT_NEVENTS; e++) {
		uint32_t min, range;
		unsigned ctr = pcount_select_value(0, e) >= 0 ? 0 :
		               pcount_select_value(1, e) >= 0 ? 1 : 2;
		pcount_default_period(e, ctr, &min, &range);
		in->default_period[e] = min + range / 2;
	}
}

/* Loader events and the scan, through a kernel buffer. */
static int64_t images(struct proc *p, uint64_t arg, bool scan)
{
	static struct pcount_image buf[16];
	struct pcount_images q;
	if (copyin(p, &q, arg, sizeof q))
		return -EFAULT;
	if (scan ? !image_scan : !image_read)
		return -ENOSYS;
	uint32_t max = q.max < 16 ? q.max : 16;
	uint64_t next = q.seq, lost = 0;
	int64_t n = scan ? image_scan(q.seq, buf, max, &next)
	                 : image_read(q.seq, buf, max, &next, &lost);
	if (n < 0)
		return n;
	if (copyout(p, q.images, buf, (size_t)n * sizeof buf[0]))
		return -EFAULT;
	q.seq = next;
	q.count = (uint32_t)n;
	q.lost = lost;
	return copyout(p, arg, &q, sizeof q) ? -EFAULT : n;
}

static int64_t set_config(struct proc *p, uint64_t arg)
{
	struct pcount_config cfg;
	if (running)
		return -EBUSY;
	if (copyin(p, &cfg, arg, sizeof cfg))
		return -EFAULT;
	int err = pcount_config_check(&cfg);
	if (err)
		return err;
	config = cfg;
	return 0;
}

static int64_t pc_ioctl(struct proc *p, struct file *f, uint64_t cmd, uint64_t arg)
{
	(void)f;
	switch (cmd) {
	case PCOUNT_INFO: {
		struct pcount_info in;
		get_info(&in);
		return copyout(p, arg, &in, sizeof in) ? -EFAULT : 0;
	}
	case PCOUNT_SET_CONFIG:
		return set_config(p, arg);
	case PCOUNT_GET_CONFIG:
		return copyout(p, arg, &config, sizeof config) ? -EFAULT : 0;
	case PCOUNT_SET_CPUS:
		if (running)
			return -EBUSY;
		if (!arg || arg >> ncpus)
			return -EINVAL;
		cpu_mask = arg;
		return 0;
	case PCOUNT_START:
		return do_start();
	case PCOUNT_STOP:
		return do_stop();
	case PCOUNT_FLUSH:
		return do_flush();
	case PCOUNT_READ_BUFFER: {
		struct pcount_read r;
		if (copyin(p, &r, arg, sizeof r))
			return -EFAULT;
		if (r.max < PCOUNT_BUF_ENTRIES)
			return -ENOSPC;
		r.count = 0, r.cpu = PCOUNT_NO_CPU, r.total = 0;
		int64_t n = read_entries(p, r.samples, &r);
		if (n < 0)
			return n;
		return copyout(p, arg, &r, sizeof r) ? -EFAULT : n;
	}
	case PCOUNT_READ_IMAGES:
	case PCOUNT_SCAN_IMAGES:
		return images(p, arg, cmd == PCOUNT_SCAN_IMAGES);
	case PCOUNT_READ_STATS: {
		static struct pcount_stats st;
		get_stats(&st);
		return copyout(p, arg, &st, sizeof st) ? -EFAULT : 0;
	}
	default:
		return -ENOTTY;
	}
}

/* read(): one buffer's entries; waits for one unless O_NONBLOCK (or
 * there is no sleep() in this kernel).  The generation count closes the
 * gap between finding nothing and sleeping against a handler on this
 * CPU (acquire raises the IPL past it); against another CPU's handler,
 * which takes no lock, a wakeup in the few instructions before sleep()
 * can be missed: the next full buffer or flush wakes the reader. */
static int64_t pc_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	if (n < PCOUNT_BUF_ENTRIES * sizeof(struct pcount_sample))
		return -EINVAL;
	for (;;) {
		uint64_t gen = notify_gen;
		struct pcount_read r;
		int64_t k = read_entries(p, ubuf, &r);
		if (k)
			return k < 0 ? k : k * (int64_t)sizeof(struct pcount_sample);
		if ((f->flags & O_NONBLOCK) || !sleep || !acquire)
			return -EAGAIN;
		acquire(&read_lock);
		if (notify_gen == gen)
			sleep((void *)&notify_gen, &read_lock);
		release(&read_lock);
	}
}

static int64_t pc_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	(void)p, (void)f, (void)ubuf, (void)n;
	return -EINVAL;
}

/* One user at a time (the daemon): the reader's side has no lock. */
static int pc_open(struct file *f)
{
	(void)f;
	if (opened)
		return -EBUSY;
	if (!ncpus) {
		ncpus = bootblock->ncpus < PCOUNT_MAX_CPUS ? (unsigned)bootblock->ncpus
		                                           : PCOUNT_MAX_CPUS;
		for (unsigned i = 0; i < ncpus; i++)
			pcount_cpu_init(&cpus[i], i, memory[i], BUCKETS);
		/* the paper's default: CYCLES and IMISS (section 4) */
		config.ctr[0] = (struct pcount_counter_config){ 1, 0,
			{ { .event = PEV_CYCLES } } };
		config.ctr[2] = (struct pcount_counter_config){ 1, 0,
			{ { .event = PEV_IMISS } } };
		pcount_config_check(&config);
		cpu_mask = (1ul << ncpus) - 1;
	}
	opened = true;
	return 0;
}

/* The last close stops sampling; what was collected stays for the next
 * open's flush. */
static void pc_close(struct file *f)
{
	(void)f;
	do_stop();
	opened = false;
}

const struct devops pcount_dev = {
	.open = pc_open, .close = pc_close, .read = pc_read,
	.write = pc_write, .ioctl = pc_ioctl,
};
