/*
 * pcount.h - the interface of the DCPI sampling driver, /dev/pcount:
 * what the kernel (minios/pcount_dev.c), the daemon (daemon/dcpid.c) and
 * the host tests share.  The DCPI paper (section 4.2)
 * describes the design; docs/dcpi.md describes this interface.
 *
 * Every structure is made of naturally aligned little-endian fields and
 * has the same layout on the host and on Alpha.
 */
#ifndef DRIVER_PCOUNT_H
#define DRIVER_PCOUNT_H

#include <stdint.h>
#include "abi/truth.h"

/* One aggregated sample: a hash-table entry or an overflow-buffer
 * entry, 16 bytes, four to a 64-byte bucket (section 4.2). */
struct pcount_sample {
	uint64_t pc;
	uint32_t pid;         /* minios: the address space's number (docs/dcpi.md) */
	uint16_t event;       /* the event's number in pmu/events.def order */
	uint16_t count;
};
_Static_assert(sizeof(struct pcount_sample) == 16, "pcount_sample");

/* The image-load hooks (the kernel's ring buffer and its scan of the
 * live processes): one executable mapping of one process. */
enum { PCOUNT_IMG_EXEC = 1, PCOUNT_IMG_MMAP = 2, PCOUNT_IMG_SCAN = 3,
       PCOUNT_IMG_EXIT = 4, PCOUNT_IMG_KERNEL = 5 };
#define PCOUNT_PATH_MAX 232
struct pcount_image {
	uint32_t kind;        /* PCOUNT_IMG_*                               */
	uint32_t pid;         /* as the samples': the address space's number */
	uint64_t id;          /* the image identity: a hash of its content  */
	uint64_t base;        /* virtual address of the mapping            */
	uint64_t size;        /* bytes mapped                               */
	uint64_t offset;      /* file offset the mapping starts at          */
	uint64_t seq;         /* position in the ring (PCOUNT_IMG_SCAN: 0)  */
	char path[PCOUNT_PATH_MAX];   /* guest path, NUL-terminated          */
};
_Static_assert(sizeof(struct pcount_image) == 280, "pcount_image");

/* ---- sizes ---------------------------------------------------------- */
#define PCOUNT_MAX_CPUS     8     /* = the simulator's MAX_CPUS          */
#define PCOUNT_NCOUNTERS    3     /* CTR0, CTR1, CTR2 (docs/ev5.md)      */
#define PCOUNT_MUX_MAX      4     /* events one counter rotates through  */
#define PCOUNT_MAX_EVENTS   80    /* room for pmu/events.def to grow,    */
                                  /* and instruction sampling's kinds    */
#define PCOUNT_BUF_ENTRIES  1024  /* entries per overflow buffer (16 KB) */
#define PCOUNT_NO_CPU       0xffffffffu

/* ---- instruction sampling (an alphasim extension: docs/precise.md) --
 * Its records are aggregated in the same table under kinds numbered
 * after the counter events (an entry's event field): retired, killed,
 * then the head cycles by cause (abi/truth.h TRUTH_CAUSES order; an
 * entry's count is cycles, not samples), then the executions with each
 * event (TRUTH_EVENTS order). */
#define PCOUNT_PM_X_COUNT(n, d) + 1
#define PCOUNT_PM_NCAUSES   (0 TRUTH_CAUSES(PCOUNT_PM_X_COUNT))
#define PCOUNT_PM_NEVENTS   (0 TRUTH_EVENTS(PCOUNT_PM_X_COUNT))
#define PCOUNT_PM_BASE      32    /* after pmu/events.def's events        */
#define PCOUNT_PM_RETIRED   PCOUNT_PM_BASE
#define PCOUNT_PM_KILLED    (PCOUNT_PM_BASE + 1)
#define PCOUNT_PM_HEAD(c)   (PCOUNT_PM_BASE + 2 + (c))
#define PCOUNT_PM_EV(e)     (PCOUNT_PM_HEAD(PCOUNT_PM_NCAUSES) + (e))
#define PCOUNT_PM_END       PCOUNT_PM_EV(PCOUNT_PM_NEVENTS)
#define PCOUNT_PM_AREA      64    /* buffer mode: records per CPU (8 KB) */
/* The records themselves, kept whole beside the table's sums, wait in a
 * ring of PCOUNT_PM_RING per CPU for the daemon (PCOUNT_READ_RECORDS);
 * a record that finds the ring full is counted (pm_ring_lost), one of
 * the reader's own context, where kernel mode is sampled, is counted
 * and not kept (pm_ring_reader), and read() returns early once a ring
 * is half full (docs/precise.md, "The record stream"). */
#define PCOUNT_PM_RING      1024  /* records per CPU (128 KB)            */

/* ---- ioctl requests --------------------------------------------------
 * Our own encoding, identical on the host and on Alpha (Linux's _IOC
 * differs between the two): bits 7:0 the number, 15:8 'p', 29:16 the
 * size of the argument structure (0: none; the argument is a value).
 * The kernel checks the size, so a daemon built against another layout
 * gets -ENOTTY instead of garbage.  An ioctl answers 0 or a count, or a
 * negative errno (glibc: -1 and errno). */
#define PCOUNT_IOC(nr, size) ((uint32_t)(((uint32_t)(size) << 16) | ('p' << 8) | (nr)))

/* PCOUNT_INFO (struct pcount_info *, out): the driver's constants. */
#define PCOUNT_VERSION 3
struct pcount_info {
	uint32_t version;         /* PCOUNT_VERSION                          */
	uint32_t ncpus;           /* CPUs in the machine                     */
	uint32_t ncounters;       /* PCOUNT_NCOUNTERS                        */
	uint32_t nevents;         /* events in pmu/events.def                */
	uint32_t hash_buckets;    /* per CPU; four entries each              */
	uint32_t buffer_entries;  /* PCOUNT_BUF_ENTRIES                      */
	uint32_t mux_max;         /* PCOUNT_MUX_MAX                          */
	uint32_t memory_bytes;    /* the driver's per-CPU state, hash tables,
	                             staging areas and buffers, all CPUs      */
	uint32_t default_period[PCOUNT_MAX_EVENTS];  /* per event, its mean  */
};

/* PCOUNT_SET_CONFIG (const struct pcount_config *, in): what each
 * counter counts.  Only while stopped (-EBUSY otherwise).  A counter
 * with one event counts it all the time; with 2..PCOUNT_MUX_MAX it
 * rotates through them, each for at least mux_cycles cycles (the
 * rotation happens at the counter's first interrupt after that), and
 * the statistics record the cycles each event was monitored.  An event
 * must be one the counter can select (pmu/events.def SELECT lines):
 * -EINVAL otherwise.  Each sampling period is drawn uniformly from
 * [period_min, period_min + period_range); period_min 0 means the
 * event's default (docs/dcpi.md), and then period_range is ignored.
 * period_min + period_range must not exceed the counter's width, and
 * period_min must be at least PCOUNT_MIN_PERIOD (below). */
/* The limits of a period, stated once for the driver, which checks them
 * (driver/events.c), and for dcpid's --events, which explains them
 * (daemon/events.c): a counter's width, 16 bits for CTR0 and CTR1 and
 * 14 for CTR2 (docs/ev5.md, "Performance counters"), and the shortest
 * period, a counter event's or instruction sampling's. */
#define PCOUNT_MIN_PERIOD 256u
static inline uint32_t pcount_counter_width(unsigned ctr)
{
	return ctr == 2 ? 1u << 14 : 1u << 16;
}

/* How an event is sampled (docs/dcpi.md, "Sampling sources"): DCPI's
 * way, by its own counter's overflow, or, for lab 4's comparison of the
 * ways the paper and the perf_events discussion (Ingo Molnar, "Re:
 * [patch] Performance Counters for Linux, v2", linux-kernel, 2008) argue
 * against, by reading its counter, which then counts without
 * interrupting, at another moment, and charging the count since the
 * last read to the PC interrupted then (the entry's count is that many
 * events, not samples).  A read event must be its counter's only one. */
enum {
	PCOUNT_SRC_OVERFLOW,      /* a sample at each overflow (the default) */
	PCOUNT_SRC_AT_OVERFLOW,   /* read at every other counter's overflow  */
	PCOUNT_SRC_AT_CLOCK,      /* read at every clock interrupt (1024 Hz) */
	PCOUNT_NSOURCES
};
struct pcount_event_config {
	uint16_t event;           /* pmu/events.def index                    */
	uint16_t source;          /* PCOUNT_SRC_*                            */
	uint32_t period_min;
	uint32_t period_range;
	uint32_t reserved2;
};
struct pcount_counter_config {
	uint32_t nevents;         /* 0: the counter is off                   */
	uint32_t reserved;
	struct pcount_event_config ev[PCOUNT_MUX_MAX];
};
enum {                        /* pcount_config.flags: PMCTR's KILL bits  */
	PCOUNT_NO_USER   = 1,     /* don't count in user mode      (KILLU)   */
	PCOUNT_NO_KERNEL = 2,     /* nor in kernel mode            (KILLK)   */
	PCOUNT_NO_PAL    = 4,     /* nor in PAL mode               (KILLP)   */
	PCOUNT_PM_SUMS   = 8,     /* instruction sampling: the table's sums  */
	                          /* only, no record kept whole in the ring  */
};
struct pcount_config {
	struct pcount_counter_config ctr[PCOUNT_NCOUNTERS];
	uint32_t flags;           /* PCOUNT_NO_*                             */
	uint32_t mux_cycles;      /* 0: the default (docs/dcpi.md)           */
	uint64_t seed;            /* period generator seed; 0: the default   */
	/* instruction sampling (docs/precise.md): PM_CTL (0: off) and
	 * PM_FILT as abi/pm.h lays them out; the period (PM_CTL<31:8>) at
	 * least PCOUNT_MIN_PERIOD fetched instructions, the jitter below
	 * it; buffer mode takes PCOUNT_PM_AREA records per interrupt */
	uint64_t pm_ctl, pm_filt;
};

/* PCOUNT_SET_CPUS (a uint64_t value: a bit mask of CPUs): which CPUs
 * sample from the next PCOUNT_START.  Default: all. */
/* PCOUNT_START, PCOUNT_STOP (no argument): program and enable the
 * counters on the chosen CPUs; disable them everywhere.  Stopping keeps
 * what the hash tables and buffers hold (PCOUNT_FLUSH hands it over).  */
/* PCOUNT_FLUSH (no argument): on every CPU, move the hash table's
 * entries to the overflow buffers (section 4.2.3's IPI protocol) and
 * mark every buffer holding entries full, so that PCOUNT_READ_BUFFER /
 * read() return them.  Sampling goes on if started.  While a flush is in
 * progress the handler puts samples straight into the overflow buffer. */

/* PCOUNT_SET_TIMEOUT (a uint64_t value: nanoseconds of simulated time;
 * 0, the default at open: none): the longest a blocking read() waits
 * for a full buffer before answering -EAGAIN (the daemon's periodic
 * writes stay on time when no buffer fills). */
/* PCOUNT_READ_BUFFER (struct pcount_read *, in/out): copy one full
 * overflow buffer (the lowest CPU that has one) to samples[0..max) and
 * give it back to its CPU.  Answers the number of entries (0: none full;
 * -ENOSPC if max < PCOUNT_BUF_ENTRIES; never blocks).
 *
 * read(fd, buf, n) does the same into buf (n >= PCOUNT_BUF_ENTRIES *
 * 16, else -EINVAL) and answers bytes, blocking while no buffer is full
 * (O_NONBLOCK, or past the read timeout: -EAGAIN instead; a signal:
 * -EINTR unless its handler has SA_RESTART).  It answers 0 instead of
 * blocking while some CPU's ring of records is half full or more, so
 * that the daemon reads them (PCOUNT_READ_RECORDS) before it fills. */
struct pcount_read {
	uint64_t samples;         /* in: user address of struct pcount_sample[max] */
	uint32_t max;             /* in                                      */
	uint32_t count;           /* out: entries copied                     */
	uint32_t cpu;             /* out: whose buffer                       */
	uint32_t reserved;
	uint64_t total;           /* out: the sum of their counts (samples)  */
};

/* PCOUNT_READ_IMAGES (struct pcount_images *, in/out): loader events
 * (PCOUNT_IMG_EXEC/MMAP/EXIT) from the kernel's ring, starting at
 * sequence number seq; answers the number copied.  out: seq is the
 * sequence number to ask for next; lost counts the records overwritten
 * before they could be read (the daemon then rescans).
 * PCOUNT_SCAN_IMAGES (same structure): one PCOUNT_IMG_SCAN record per
 * executable mapping of every live process, plus a PCOUNT_IMG_KERNEL
 * record for the kernel image; seq is the index of the first record
 * wanted (0 first), out: the index to ask for next; answers the number
 * copied (0: done).
 *
 * Both are served by minios/image.c (image_read, image_scan in
 * minios/defs.h), at most 16 records a call. */
struct pcount_images {
	uint64_t seq;             /* in/out                                  */
	uint64_t images;          /* in: user address of struct pcount_image[max] */
	uint32_t max;             /* in                                      */
	uint32_t count;           /* out                                     */
	uint64_t lost;            /* out (PCOUNT_READ_IMAGES)                */
};

/* PCOUNT_READ_STATS (struct pcount_stats *, out).  Per CPU and the
 * total.  Conservation: interrupts + counted + pm_added = samples_read +
 * drops + what the hash tables and buffers still hold, so after
 * PCOUNT_STOP, PCOUNT_FLUSH and reading every full buffer, interrupts +
 * counted + pm_added = samples_read + drops. */
struct pcount_cpu_stats {
	uint64_t interrupts;      /* samples the PMU delivered to the handler */
	uint64_t hits;            /* matched an entry of the hash table      */
	uint64_t misses;          /* no match: a new entry (maybe an eviction) */
	uint64_t evictions;       /* entries moved from the table to a buffer */
	uint64_t switches;        /* overflow buffer switches                */
	uint64_t flushes;         /* hash-table flushes                      */
	uint64_t drops;           /* samples lost: both buffers were full    */
	uint64_t direct;          /* samples written straight to a buffer (flush flag) */
	uint64_t samples_read;    /* samples handed to the daemon (sum of counts) */
	uint64_t entries_read;    /* entries handed to the daemon            */
	uint64_t enabled_cycles;  /* cycles the counters were enabled        */
	uint64_t counted;         /* events of read counters charged to PCs
	                             (PCOUNT_SRC_AT_*): entries' counts that
	                             are not interrupts                      */
	uint64_t pm_interrupts;   /* instruction sampling: interrupts, and   */
	uint64_t pm_records;      /* the valid records they brought          */
	uint64_t pm_added;        /* the counts those records added: one     */
	                          /* retired or killed each, head cycles by  */
	                          /* cause, one per event                    */
	uint64_t pm_tagged;       /* the unit's tags up to the last record   */
	                          /* (its seq), kept by the filter or not    */
	uint64_t pm_collisions;   /* its selections that collided, as        */
	                          /* PM_STAT<63:32> gave them at interrupts  */
	uint64_t pm_ring_kept;    /* records copied whole into the ring,     */
	uint64_t pm_ring_lost;    /* ... or lost to a full ring,             */
	uint64_t pm_ring_reader;  /* ... or the reader's own where kernel    */
	                          /* mode is sampled, not kept: the three    */
	                          /* add up to pm_records (all 0 with        */
	                          /* PCOUNT_PM_SUMS)                         */
	uint64_t pm_ring_read;    /* records handed to the daemon; the ring  */
	                          /* holds pm_ring_kept - pm_ring_read       */
};
/* The cost of one event's counter interrupts: how many were measured,
 * the cycles from the counter's reload (its next period written) to
 * the end of the handler's path, which that counter counts and no
 * sample of it can land on, and from the kernel's entry (entInt) to
 * the end, which every other counter counts. */
struct pcount_cost {
	uint64_t interrupts;
	uint64_t after_reload;
	uint64_t from_entry;
	uint64_t reserved;        /* 0; one D-cache line (32 bytes) each    */
};
struct pcount_stats {
	uint32_t ncpus;
	uint32_t nevents;
	struct pcount_cpu_stats cpu[PCOUNT_MAX_CPUS];
	struct pcount_cpu_stats total;
	/* per event, summed over the CPUs: samples handed to the daemon,
	 * and the cycles it was being counted (updated at rotations and at
	 * stop); its monitored fraction is
	 * monitored_cycles[e] / total.enabled_cycles. */
	uint64_t event_samples[PCOUNT_MAX_EVENTS];
	uint64_t monitored_cycles[PCOUNT_MAX_EVENTS];
	/* the counter interrupt's own cost, as the kernel measures it with
	 * RPCC (docs/dcpi.md, "The handler's own cost"), per event of the
	 * counter that interrupted, summed over the CPUs */
	struct pcount_cost cost[PCOUNT_MAX_EVENTS];
};

/* PCOUNT_READ_RECORDS (struct pcount_records *, in/out): copy the
 * instruction-sampling records waiting in one CPU's ring (the first CPU
 * from `from` on, wrapping, that has any), oldest first, at most max of
 * them, to records[] (struct pm_record, abi/pm.h) and free their room.
 * Answers the number copied (0: none waits; never blocks). */
struct pcount_records {
	uint64_t records;         /* in: user address of struct pm_record[max] */
	uint32_t max;             /* in                                      */
	uint32_t count;           /* out: records copied                     */
	uint32_t cpu;             /* out: whose                              */
	uint32_t from;            /* in: the CPU to look at first            */
};

#define PCOUNT_INFO         PCOUNT_IOC(1, sizeof(struct pcount_info))
#define PCOUNT_SET_CONFIG   PCOUNT_IOC(2, sizeof(struct pcount_config))
#define PCOUNT_SET_CPUS     PCOUNT_IOC(3, 0)
#define PCOUNT_START        PCOUNT_IOC(4, 0)
#define PCOUNT_STOP         PCOUNT_IOC(5, 0)
#define PCOUNT_FLUSH        PCOUNT_IOC(6, 0)
#define PCOUNT_READ_BUFFER  PCOUNT_IOC(7, sizeof(struct pcount_read))
#define PCOUNT_READ_IMAGES  PCOUNT_IOC(8, sizeof(struct pcount_images))
#define PCOUNT_SCAN_IMAGES  PCOUNT_IOC(9, sizeof(struct pcount_images))
#define PCOUNT_READ_STATS   PCOUNT_IOC(10, sizeof(struct pcount_stats))
#define PCOUNT_GET_CONFIG   PCOUNT_IOC(11, sizeof(struct pcount_config))
#define PCOUNT_SET_TIMEOUT  PCOUNT_IOC(12, 0)
#define PCOUNT_READ_RECORDS PCOUNT_IOC(13, sizeof(struct pcount_records))

#endif
