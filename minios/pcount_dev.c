/*
 * pcount_dev.c - /dev/pcount, the DCPI sampling driver's device (the core
 * is driver/, the interface driver/pcount.h, docs/dcpi.md): the cross-CPU
 * calls of section 4.2.3 (smp_call) that run the core's control on each
 * CPU, and the ioctls and read(), which sleeps until a buffer is full, a
 * signal comes or the read timeout passes.  The hooks under the core are
 * pcount_hw.c's, the interrupts' entries pcount_intr.c's.
 */
#include "minios/pcount_state.h"
#include <asm/fcntl.h>

#define BUCKETS 1024                   /* per CPU: 4096 entries, 64 KB */

struct pcount_cpu pcount_cpus[PCOUNT_MAX_CPUS];
static struct pcount_slot pc_mem[PCOUNT_MAX_CPUS][PCOUNT_CPU_SLOTS(BUCKETS)]
	__attribute__((aligned(64)));
/* the records kept whole, per CPU (driver/pcount.h PCOUNT_PM_RING) */
static struct pm_record pm_ring[PCOUNT_MAX_CPUS][PCOUNT_PM_RING];
static unsigned ncpus;
static bool opened, running;
static uint64_t cpu_mask;
static uint64_t read_timeout;          /* cycles; 0: read() waits       */
static uint32_t reader;                /* the opener's address space    */
static struct pcount_config config;    /* checked, defaults filled in */
volatile uint64_t pcount_notify_gen;   /* bumped when there is data   */

/* ---- running code on a CPU at IPL 6 (section 4.2.3) ----------------- */
typedef void cpu_fn(struct pcount_cpu *c);

/* On the CPU itself: raised to the counter's level, so atomic with
 * respect to its handler; the barrier publishes what fn and the handler
 * wrote to the CPU that asked.  fn NULL: only that barrier. */
static void here(void *arg)
{
	cpu_fn *fn = (cpu_fn *)arg;
	uint64_t ipl = swpipl(IPL_PERF);
	if (fn)
		fn(&pcount_cpus[whami()]);
	__sync_synchronize();
	swpipl(ipl);
}

static void on_cpu(unsigned cpu, cpu_fn *fn)
{
	smp_call((int)cpu, here, (void *)fn);
	__sync_synchronize();
}

/* ---- the operations ------------------------------------------------- */
static void cpu_start(struct pcount_cpu *c)
{
	pcount_cpu_configure(c, &config);
	pcount_cpu_reader(c, reader);
	pcount_cpu_start(c);
}

static int do_start(void)
{
	if (running)
		return -EBUSY;
	for (unsigned i = 0; i < ncpus; i++)
		if (cpu_mask >> i & 1)
			on_cpu(i, cpu_start);
	running = true;
	return 0;
}

static int do_stop(void)
{
	for (unsigned i = 0; i < ncpus; i++)
		if (pcount_cpus[i].enabled)
			on_cpu(i, pcount_cpu_stop);
	running = false;
	return 0;
}

/* Every CPU: set its flag, copy its table out, clear the flag and hand
 * over the partly filled buffer. */
static int do_flush(void)
{
	for (unsigned i = 0; i < ncpus; i++) {
		on_cpu(i, pcount_cpu_flush_begin);
		pcount_flush_copy(&pcount_cpus[i]);
		on_cpu(i, pcount_cpu_flush_end);
	}
	pcount_notify();
	return 0;
}

/* One CPU's next full buffer (or staged chunk) to the user: entries. */
static int64_t read_entries(struct proc *p, uint64_t ubuf, struct pcount_read *r)
{
	for (unsigned i = 0; i < ncpus; i++) {
		struct pcount_cpu *c = &pcount_cpus[i];
		if (!pcount_has_full(c))
			continue;
		on_cpu(i, NULL);
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

/* One CPU's waiting records to the user (the first with any from
 * q->from on, round the CPUs): how many, at most max. */
static int64_t read_records(struct proc *p, struct pcount_records *q)
{
	unsigned from = q->from < ncpus ? q->from : 0;
	for (unsigned k = 0; k < ncpus; k++) {
		unsigned i = from + k < ncpus ? from + k : from + k - ncpus;   /* no divide */
		struct pcount_cpu *c = &pcount_cpus[i];
		if (!pcount_ring_waiting(c))
			continue;
		on_cpu(i, NULL);
		const struct pm_record *a, *b;
		uint32_t na, nb;
		pcount_ring_take(c, &a, &na, &b, &nb);
		if (na > q->max)
			na = q->max, nb = 0;
		else if (na + nb > q->max)
			nb = q->max - na;
		if (copyout(p, q->records, a, na * sizeof *a) ||
		    copyout(p, q->records + na * sizeof *a, b, nb * sizeof *b))
			return -EFAULT;
		pcount_ring_give(c, na + nb);
		q->count = na + nb;
		q->cpu = i;
		return na + nb;
	}
	return 0;
}

/* Some CPU's ring is half full: read() returns to let the daemon in. */
static bool rings_want_reading(void)
{
	for (unsigned i = 0; i < ncpus; i++)
		if (pcount_ring_waiting(&pcount_cpus[i]) >= PCOUNT_PM_RING / 2)
			return true;
	return false;
}

static void get_stats(struct pcount_stats *st)
{
	*st = (struct pcount_stats){ .ncpus = ncpus, .nevents = PEV_COUNT };
	for (unsigned i = 0; i < ncpus; i++) {
		pcount_stats_cpu(&pcount_cpus[i], &st->cpu[i]);
		pcount_stats_add(&st->total, &st->cpu[i]);
		for (unsigned e = 0; e < PCOUNT_MAX_EVENTS; e++)
			st->event_samples[e] += pcount_cpus[i].read_by_event[e];
		for (unsigned e = 0; e < PEV_COUNT; e++) {
			st->monitored_cycles[e] += pcount_cpus[i].monitored[e];
			const struct pcount_cost *k = &pcount_cpus[i].cost[e];
			st->cost[e].interrupts += k->interrupts;
			st->cost[e].after_reload += k->after_reload;
			st->cost[e].from_entry += k->from_entry;
		}
		/* the unit samples all the time it is on */
		for (unsigned e = PCOUNT_PM_BASE; pcount_cpus[i].pm_ctl && e < PCOUNT_PM_END; e++)
			st->monitored_cycles[e] += pcount_cpus[i].st.enabled_cycles;
	}
}

static void get_info(struct pcount_info *in)
{
	*in = (struct pcount_info){
		.version = PCOUNT_VERSION, .ncpus = ncpus,
		.ncounters = PCOUNT_NCOUNTERS, .nevents = PEV_COUNT,
		.hash_buckets = BUCKETS, .buffer_entries = PCOUNT_BUF_ENTRIES,
		.mux_max = PCOUNT_MUX_MAX,
		.memory_bytes = (uint32_t)(ncpus * (sizeof pcount_cpus[0] + sizeof pc_mem[0] +
		                                    sizeof pm_ring[0])),
	};
	for (unsigned e = 0; e < PEV_COUNT; e++) {
		uint32_t min, range;
		unsigned ctr = pmu_select_for(0, e) >= 0 ? 0 :
		               pmu_select_for(1, e) >= 0 ? 1 : 2;
		pcount_default_period(e, ctr, &min, &range);
		in->default_period[e] = min + range / 2;
	}
}

/* Loader events and the scan, through a kernel buffer of IMG_BATCH. */
#define IMG_BATCH 16
struct scan_window {
	struct pcount_image *out;
	uint64_t skip;                 /* records before the window        */
	uint32_t max, n;
};

static void scan_emit(const struct pcount_image *r, void *arg)
{
	struct scan_window *w = arg;
	if (w->skip)
		w->skip--;
	else if (w->n < w->max)
		w->out[w->n++] = *r;
}

/* The ring from q->seq (image_read): the next seq follows the last
 * record copied; a first record past the one asked for means the ones
 * between were overwritten. */
static uint32_t ring_window(struct pcount_images *q, struct pcount_image *buf,
                            uint32_t max)
{
	int n = image_read(buf, q->seq, (int)max);
	q->lost = n && buf[0].seq > q->seq ? buf[0].seq - q->seq : 0;
	if (n)
		q->seq = buf[n - 1].seq + 1;
	return (uint32_t)n;
}

/* The scan's records q->seq onwards (image_scan emits them all, in the
 * same order while nothing is loaded or exits: the big kernel lock). */
static uint32_t scan_window(struct pcount_images *q, struct pcount_image *buf,
                            uint32_t max)
{
	struct scan_window w = { buf, q->seq, max, 0 };
	image_scan(scan_emit, &w);
	q->seq += w.n;
	q->lost = 0;
	return w.n;
}

static int64_t images(struct proc *p, uint64_t arg, bool scan)
{
	static struct pcount_image buf[IMG_BATCH];
	struct pcount_images q;
	if (copyin(p, &q, arg, sizeof q))
		return -EFAULT;
	uint32_t max = q.max < IMG_BATCH ? q.max : IMG_BATCH;
	uint32_t n = scan ? scan_window(&q, buf, max) : ring_window(&q, buf, max);
	if (copyout(p, q.images, buf, n * sizeof buf[0]))
		return -EFAULT;
	q.count = n;
	return copyout(p, arg, &q, sizeof q) ? -EFAULT : (int64_t)n;
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
	case PCOUNT_SET_TIMEOUT: {
		uint64_t ts[2] = { arg / 1000000000u, arg % 1000000000u };
		read_timeout = arg ? ts_cycles(ts) : 0;
		return 0;
	}
	case PCOUNT_READ_RECORDS: {
		struct pcount_records q;
		if (copyin(p, &q, arg, sizeof q))
			return -EFAULT;
		q.count = 0, q.cpu = PCOUNT_NO_CPU;
		int64_t n = q.max ? read_records(p, &q) : 0;
		if (n < 0)
			return n;
		return copyout(p, arg, &q, sizeof q) ? -EFAULT : n;
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

/* read(): one buffer's entries; waits for one unless O_NONBLOCK, until
 * a signal (-ERESTARTSYS: EINTR unless SA_RESTART) or the read timeout
 * (-EAGAIN, as a socket's SO_RCVTIMEO), or answers 0 while a ring of
 * records is half full (the handler's wakeup comes at half).  The generation count catches a
 * buffer filled while we looked, and the sleep checks it again under
 * the scheduler's lock, which the handler's wakeup takes after bumping
 * it (sched.c sleep_on): no notification is missed, though the handler
 * takes no lock of its own. */
static int64_t pc_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	if (n < PCOUNT_BUF_ENTRIES * sizeof(struct pcount_sample))
		return -EINVAL;
	uint64_t deadline = read_timeout ? machine_cycles() + read_timeout : 0;
	for (;;) {
		uint64_t gen = pcount_notify_gen;
		struct pcount_read r;
		int64_t k = read_entries(p, ubuf, &r);
		if (k)
			return k < 0 ? k : k * (int64_t)sizeof(struct pcount_sample);
		if (rings_want_reading())
			return 0;
		if ((f->flags & O_NONBLOCK) || (deadline && machine_cycles() >= deadline))
			return -EAGAIN;
		if (signal_pending(p))
			return -ERESTARTSYS;
		sleep_deadline_unless((void *)&pcount_notify_gen, deadline,
		                      &pcount_notify_gen, gen);
	}
}

static int64_t pc_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	(void)p, (void)f, (void)ubuf, (void)n;
	return -EINVAL;
}

/* One user at a time (the daemon): the reader's side has no lock. */
/* Who may sample (docs/dcpi.md): minios has no users (every process
 * is uid 0), so the rule is by process.  The guest's first process, the
 * program alphasim starts (dcpid under --profile), plays the
 * administrator: it and its threads may open the device; every other
 * process, the programs it runs among them, gets EACCES, before any
 * EBUSY, so that a program cannot tell whether sampling is on.  A
 * descriptor process 1 hands down stays usable, as an open file is on
 * Unix; dcpid's is close-on-exec. */
static int pc_open(struct file *f)
{
	(void)f;
	if (proc_current()->tgid != 1)
		return -EACCES;
	if (opened)
		return -EBUSY;
	if (!ncpus) {
		ncpus = bootblock->ncpus < PCOUNT_MAX_CPUS ? (unsigned)bootblock->ncpus
		                                           : PCOUNT_MAX_CPUS;
		for (unsigned i = 0; i < ncpus; i++) {
			pcount_cpu_init(&pcount_cpus[i], i, pc_mem[i], BUCKETS);
			pcount_cpu_ring(&pcount_cpus[i], pm_ring[i], PCOUNT_PM_RING);
		}
		/* the paper's default: CYCLES and IMISS (section 4) */
		config.ctr[0] = (struct pcount_counter_config){ 1, 0,
			{ { .event = PEV_CYCLES } } };
		config.ctr[2] = (struct pcount_counter_config){ 1, 0,
			{ { .event = PEV_IMISS } } };
		pcount_config_check(&config);
		cpu_mask = (1ul << ncpus) - 1;
	}
	read_timeout = 0;
	/* whose records the rings do not keep (driver/driver.h) */
	reader = proc_current()->mm ? proc_current()->mm->space : 0;
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
