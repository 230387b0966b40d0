/*
 * dcpid.c - the DCPI daemon (DCPI paper, section 4.3), run inside
 * minios: configures /dev/pcount, reads the start-up scan of the live
 * processes, then waits for full overflow buffers, maps their entries to
 * images and merges them into per-image, per-event tables (collect.c),
 * and writes the tables to the profile database (profdb.c) every
 * --interval seconds of simulated time and on command.  With --run PROG
 * ARGS... it starts PROG once sampling is on and stops when PROG ends
 * (alphasim --profile runs it so), exiting with PROG's status.
 *
 *   SIGUSR1   drain the driver and write the database
 *   SIGHUP    the same, then start a new epoch
 *   SIGTERM, SIGINT   stop sampling, drain, write, print the totals, exit 0
 *             (as at the end of --duration, or of --run's program)
 *
 * This file is only the device-facing loop; the rest is host-tested.
 * Options and behaviour: docs/dcpi.md, "dcpid".  Exit status: PROG's
 * with --run (128 + the signal that killed it), else 0; 1 on a device or
 * database error, 2 on a bad option, 127 if PROG cannot be started.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "daemon/collect.h"
#include "daemon/events.h"
#include "daemon/handcost.h"
#include "daemon/profdb.h"
#include "util/cmd.h"

#define DEVICE "/dev/pcount"
/* the paper's default: CYCLES and IMISS, each at the driver's default
 * period (docs/dcpi.md, "Default periods") */
#define DEFAULT_EVENTS "cycles,imiss"
#define DEFAULT_INTERVAL 5.0         /* seconds of simulated time */
#define IMAGE_BATCH 64

static const char *db = PROFDB_DEFAULT_DIR;
static char epoch_dir[PATH_MAX];
static int fd = -1;
static struct collect col;
static struct pcount_config cfg;
static struct pcount_info info;
static uint64_t image_seq;           /* the next loader record to read */
static struct pcount_stats last;     /* the driver's stats at the last write */
static struct pcount_stats now_stats;

static volatile sig_atomic_t want_flush, want_epoch, want_stop, child_changed;

static void pc_ioctl(unsigned long req, void *arg, const char *what)
{
	if (ioctl(fd, req, arg) < 0)
		cmd_die(1, "%s: %s: %s", DEVICE, what, strerror(errno));
}


/* ---- options ------------------------------------------------------------ */

/* "name[:period[:spread]],...": daemon/events.c, which alphasim --profile's check
 * shares. */
static void parse_events(const char *spec)
{
	char err[768];
	if (!dcpi_events_parse(spec, &cfg, err, sizeof err))
		cmd_die(2, "--events: %s", err);
}

/* Each configured event's mean period, for the profiles' headers: the
 * mean of the uniform draw from [min, min + range), or min itself for a
 * fixed period (range 0). */
static void set_periods(void)
{
	for (unsigned c = 0; c < PCOUNT_NCOUNTERS; c++)
		for (unsigned i = 0; i < cfg.ctr[c].nevents; i++) {
			const struct pcount_event_config *e = &cfg.ctr[c].ev[i];
			col.ev[e->event].period = e->source ? 1   /* a read: counts events */
				: e->period_min
				? e->period_min + (e->period_range ? (e->period_range - 1) / 2.0 : 0)
				: info.default_period[e->event];
		}
}

/* Instruction sampling's kinds are sums over records, each the one
 * tagged instruction of a selection every P fetched instructions on
 * average; a selection that collided tagged none, so a record stands
 * for P x selections / tagged instructions: the period of this write's
 * pm profiles, from the driver's counts since the last write
 * (docs/precise.md, "Frequency"). */
static void set_pm_period(const struct pcount_cpu_stats *now, const struct pcount_cpu_stats *was)
{
	uint64_t tagged = now->pm_tagged - was->pm_tagged;
	uint64_t coll = now->pm_collisions - was->pm_collisions;
	double p = (double)PM_CTL_PERIOD(cfg.pm_ctl);
	if (tagged)
		p *= (double)(tagged + coll) / (double)tagged;
	for (unsigned k = PCOUNT_PM_BASE; k < PCOUNT_PM_END; k++)
		col.ev[k].period = p;
}

/* ---- the device --------------------------------------------------------- */

/* Apply every mapping the scan reports (section 4.4: the processes
 * "already active when the daemon starts", and after lost records). */
static void scan(struct pcount_image *rec)
{
	struct pcount_images q = { 0, (uintptr_t)rec, IMAGE_BATCH, 0, 0 };
	for (pc_ioctl(PCOUNT_SCAN_IMAGES, &q, "scanning the processes"); q.count;
	     pc_ioctl(PCOUNT_SCAN_IMAGES, &q, "scanning the processes"))
		for (uint32_t i = 0; i < q.count; i++)
			collect_image(&col, &rec[i]);
}

static void read_images(void)
{
	static struct pcount_image rec[IMAGE_BATCH];
	for (;;) {
		struct pcount_images q = { image_seq, (uintptr_t)rec, IMAGE_BATCH, 0, 0 };
		pc_ioctl(PCOUNT_READ_IMAGES, &q, "reading loader events");
		for (uint32_t i = 0; i < q.count; i++)
			collect_image(&col, &rec[i]);
		image_seq = q.seq;
		if (q.lost) {
			/* the ring overwrote records before we read them */
			fprintf(stderr, "dcpid: %" PRIu64 " loader events lost; rescanning\n",
			        q.lost);
			scan(rec);
		}
		if (!q.count)
			return;
	}
}

/* The start: the ring's current end, then the scan of what is already
 * running; records after the scan come from the ring. */
static void start_maps(void)
{
	static struct pcount_image rec[IMAGE_BATCH];
	struct pcount_images q = { 0, (uintptr_t)rec, IMAGE_BATCH, 0, 0 };
	do
		pc_ioctl(PCOUNT_READ_IMAGES, &q, "reading loader events");
	while (q.count);
	image_seq = q.seq;
	scan(rec);
}

static struct pcount_sample buf[PCOUNT_BUF_ENTRIES];

/* Entries of one buffer; the loader events first, so that an image
 * loaded since the last buffer is mapped. */
static void take(size_t n)
{
	read_images();
	collect_samples(&col, buf, n);
}

/* Write the records kept so far to the epoch's stream (a failed write
 * is counted and said, and sampling goes on). */
static void write_records(void)
{
	char err[PROF_ERR_MAX];
	if (!collect_records_write(&col, epoch_dir, PM_CTL_PERIOD(cfg.pm_ctl), err, sizeof err))
		fprintf(stderr, "dcpid: %s\n", err);
}

/* The records the driver's rings hold, whole (docs/precise.md, "The
 * record stream"), copied by the driver straight into what dcpid keeps
 * (a copy per record would cost dcpid some 40 instructions), the loader
 * events first as for the samples; a segment of the stream written
 * whenever a batch is complete.  The CPUs are read in turn.  While
 * sampling runs, a ring is read until a batch from it comes short, once
 * round the CPUs, and never more than the rings hold in all: reading
 * until none comes would never end where records come faster than
 * dcpid reads them (another CPU's program, or the kernel sampled while
 * dcpid reads), and dcpid would never come back to see its program
 * end (docs/precise.md, "The handler's blind spot").  Once stopped,
 * every record is read. */
static bool stopped;
static void read_records(void)
{
	enum { BATCH = 256 };
	static struct pm_record spare[BATCH];      /* where they go when no room */
	static uint32_t next_cpu;
	uint64_t short_from = 0;                   /* CPUs whose batch came short */
	uint64_t budget = (uint64_t)info.ncpus * PCOUNT_PM_RING;
	if (!cfg.pm_ctl)
		return;
	for (;;) {
		struct pm_record *to = collect_records_room(&col, BATCH);
		struct pcount_records q = { (uintptr_t)(to ? to : spare), BATCH, 0, 0, next_cpu };
		pc_ioctl(PCOUNT_READ_RECORDS, &q, "reading records");
		if (!q.count)
			return;
		next_cpu = q.cpu + 1 < info.ncpus ? q.cpu + 1 : 0;
		if (!to)
			collect_records_lost(&col, q.count);
		else {
			read_images();
			collect_records_add(&col, q.count, q.cpu);
			if (collect_records_full(&col))
				write_records();
		}
		if (stopped)
			continue;
		if ((q.count < BATCH && (short_from >> q.cpu & 1)) || q.count >= budget)
			return;
		budget -= q.count;
		if (q.count < BATCH)
			short_from |= 1ull << q.cpu;
	}
}

/* Every entry the driver holds: its hash tables moved to the buffers,
 * then every full buffer; and every record waiting whole. */
static void drain(void)
{
	read_records();
	pc_ioctl(PCOUNT_FLUSH, NULL, "flushing");
	for (;;) {
		struct pcount_read r = { (uintptr_t)buf, PCOUNT_BUF_ENTRIES, 0, 0, 0, 0 };
		pc_ioctl(PCOUNT_READ_BUFFER, &r, "reading a buffer");
		if (!r.count)
			break;
		take(r.count);
	}
	read_images();
}

/* Drain, then write every table with the time each event was monitored
 * since the last write; forget the processes that exited. */
static void write_db(void)
{
	drain();
	pc_ioctl(PCOUNT_READ_STATS, &now_stats, "reading the statistics");
	for (unsigned e = 0; e < PCOUNT_MAX_EVENTS; e++) {
		col.ev[e].monitored = now_stats.monitored_cycles[e] - last.monitored_cycles[e];
		col.ev[e].elapsed = now_stats.total.enabled_cycles - last.total.enabled_cycles;
	}
	if (cfg.pm_ctl)
		set_pm_period(&now_stats.total, &last.total);
	/* the handler's measure of its own cost since the last write
	 * (docs/dcpi.md, "The handler's own cost") */
	struct pcount_cost cost[PEV_COUNT];
	bool measured = false;
	for (unsigned e = 0; e < PEV_COUNT; e++) {
		const struct pcount_cost *a = &now_stats.cost[e], *b = &last.cost[e];
		cost[e] = (struct pcount_cost){ a->interrupts - b->interrupts,
		                                a->after_reload - b->after_reload,
		                                a->from_entry - b->from_entry, 0 };
		measured |= cost[e].interrupts != 0;
	}
	last = now_stats;
	write_records();
	char err[PROF_ERR_MAX];
	if (!collect_flush(&col, epoch_dir, err, sizeof err))
		fprintf(stderr, "dcpid: %s\n", err);
	if (measured && !handcost_add(epoch_dir, cost, err, sizeof err))
		fprintf(stderr, "dcpid: %s\n", err);
	collect_reap(&col);
}

static void open_epoch(bool fresh)
{
	char err[PROF_ERR_MAX];
	unsigned epoch;
	if (!profdb_epoch(db, fresh, &epoch, err, sizeof err))
		cmd_die(1, "%s", err);
	profdb_epoch_dir(epoch_dir, sizeof epoch_dir, db, epoch);
}

/* ---- the loop ----------------------------------------------------------- */

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		want_flush = 1;
	else if (sig == SIGHUP)
		want_epoch = 1;
	else if (sig == SIGCHLD)
		child_changed = 1;
	else
		want_stop = 1;
}

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The driver's totals the stats file carries, after dcpid's own. */
#define DRIVER_STATS(X) \
	X(interrupts) X(samples_read) X(drops) X(entries_read) X(hits) \
	X(misses) X(evictions) X(switches) X(flushes) X(counted)
/* ... and instruction sampling's, when it is on (docs/precise.md) */
#define PM_DRIVER_STATS(X) \
	X(pm_interrupts) X(pm_records) X(pm_added) X(pm_tagged) X(pm_collisions) \
	X(pm_ring_kept) X(pm_ring_lost) X(pm_ring_reader) X(pm_ring_read)

static void put(FILE *f, FILE *tty, const char *key, uint64_t v)
{
	if (tty)
		fprintf(tty, " %s=%" PRIu64, key, v);
	if (f)
		fprintf(f, "%s=%" PRIu64 "\n", key, v);
}

/* The totals: to the stats file if there is one, and on stderr when
 * there is none or with --verbose (alphasim --profile gives a stats
 * file, so that a quiet run prints only the program's output). */
static void report(const char *stats_path, bool verbose)
{
	FILE *f = stats_path ? fopen(stats_path, "w") : NULL;
	FILE *tty = !stats_path || verbose ? stderr : NULL;
	if (stats_path && !f)
		fprintf(stderr, "dcpid: %s: %s\n", stats_path, strerror(errno));
	if (tty)
		fputs("dcpid:", tty);
#define X(name, desc) put(f, tty, #name, col.st.name);
	COLLECT_STATS(X)
#undef X
	const struct pcount_cpu_stats *t = &now_stats.total;
#define X(name) put(f, tty, "driver_" #name, t->name);
	DRIVER_STATS(X)
	if (cfg.pm_ctl) {
		PM_DRIVER_STATS(X)
	}
#undef X
	put(f, tty, "driver_memory_bytes", info.memory_bytes);
	if (tty)
		fputc('\n', tty);
	if (f && fclose(f))
		fprintf(stderr, "dcpid: %s: %s\n", stats_path, strerror(errno));
}

/* --run: PROG with ARGS and our environment, in a child that keeps
 * nothing of ours (the device is close-on-exec). */
static pid_t run(char **argv)
{
	pid_t pid = fork();
	if (pid < 0)
		cmd_die(1, "fork: %s", strerror(errno));
	if (pid == 0) {
		extern char **environ;
		execve(argv[0], argv, environ);
		fprintf(stderr, "dcpid: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

/* True once child has ended; *status is then our exit status. */
static bool reaped(pid_t child, int *status)
{
	int ws;
	pid_t r = waitpid(child, &ws, WNOHANG);
	if (r < 0)
		cmd_die(1, "waitpid: %s", strerror(errno));
	if (r == 0)
		return false;
	*status = WIFSIGNALED(ws) ? 128 + WTERMSIG(ws) : WEXITSTATUS(ws);
	return true;
}

/* The options; --run, which takes the rest of the line, is listed for
 * --help but found before getopt sees the line. */
static const struct cmd_option options[] = {
	{ "db",        required_argument, 'd', "DIR",  0,
	  "the profile database (default ./" PROFDB_DEFAULT_DIR ")" },
	{ "events",    required_argument, 'e', "LIST", 0,
	  "events to sample, each with an optional mean period\n"
	  "(default " DEFAULT_EVENTS ", at the driver's default period);\n"
	  "pm[:PERIOD[:SPREAD]][:WORD]... instruction sampling, an alphasim\n"
	  "extension (intr, buffer, user, loads, stores, branches, dmiss,\n"
	  "mispredict, lat=N, sums; docs/precise.md)" },
	{ "interval",  required_argument, 'i', "SECS", 0,
	  "write the database every SECS of simulated time (default 5)" },
	{ "new-epoch", no_argument,       'n', NULL,   0,
	  "start a new epoch instead of adding to the newest" },
	{ "stats",     required_argument, 's', "FILE", 0,
	  "write the totals to FILE as key=value lines (instead of\n"
	  "on stderr, which --verbose adds back)" },
	{ "duration",  required_argument, 't', "SECS", 0,
	  "stop by itself after SECS of simulated time" },
	{ "verbose",   no_argument,       'v', NULL,   0, NULL },
	{ "seed",      required_argument, 'S', "N",    0,
	  "seed the driver's sampling periods with N (1 or more;\n"
	  "default: the driver's own)" },
	{ "help",      no_argument,       'h', NULL,   0, NULL },
	{ "run",       required_argument, 'R', "PROG ARGS", 0,
	  "run PROG (a path) while sampling; stop when it ends\n"
	  "and exit with its status (the last option)" },
};
enum { NOPT = sizeof options / sizeof options[0] };

static _Noreturn void usage(int status)
{
	FILE *f = status ? stderr : stdout;
	fprintf(f,
		"usage: dcpid [--db DIR] [--events EV[:PERIOD],...] [--interval SECONDS]\n"
		"             [--new-epoch] [--stats FILE] [--duration SECS] [--seed N]\n"
		"             [--verbose] [--run PROG [ARGS...]]\n");
	cmd_help(f, options, NOPT, 17);
	exit(status);
}

struct opts {
	const char *events;
	double interval, duration;
	bool fresh, verbose;
	const char *stats_path;
	char **prog;                 /* --run's PROG and ARGS, or NULL */
};

/* The command line into o, db and cfg's seed. */
static void parse(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){ .events = DEFAULT_EVENTS, .interval = DEFAULT_INTERVAL };
	/* --run takes the rest of the line, options of PROG's included */
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--run")) {
			if (i + 1 == argc)
				cmd_die(2, "--run: no program");
			o->prog = &argv[i + 1];
			argc = i;
			break;
		}
	struct option lopt[NOPT + 1];
	char sopt[3 * NOPT + 1];
	cmd_getopt_tables(options, NOPT, "", lopt, sopt);
	for (int c; (c = getopt_long(argc, argv, sopt, lopt, NULL)) != -1;) {
		char *end;
		switch (c) {
		case 'd': db = optarg; break;
		case 'e': o->events = optarg; break;
		case 'i': case 't':
			*(c == 'i' ? &o->interval : &o->duration) = strtod(optarg, &end);
			if (*end || !(strtod(optarg, NULL) > 0))
				cmd_die(2, "--%s: '%s' is not a positive number of seconds",
				        c == 'i' ? "interval" : "duration", optarg);
			break;
		case 'n': o->fresh = true; break;
		case 'S':
			errno = 0;
			cfg.seed = strtoull(optarg, &end, 0);
			if (*end || !*optarg || *optarg == '-' || errno || !cfg.seed)
				cmd_die(2, "--seed: '%s' is not a number from 1 to 2^64-1", optarg);
			break;
		case 's': o->stats_path = optarg; break;
		case 'v': o->verbose = true; break;
		case 'h': usage(0);
		default: usage(2);    /* and --ru..., an abbreviated --run */
		}
	}
	if (optind != argc)
		usage(2);
}

/* The device opened and configured, the epoch and the maps started. */
static void start(const struct opts *o)
{
	parse_events(o->events);
	collect_init(&col);
	if ((fd = open(DEVICE, O_RDWR | O_CLOEXEC)) < 0)
		cmd_die(1, "%s: %s", DEVICE, strerror(errno));
	pc_ioctl(PCOUNT_INFO, &info, "reading the driver's constants");
	if (info.version != PCOUNT_VERSION)
		cmd_die(1, "%s: interface version %u, dcpid knows %d", DEVICE, info.version,
		        PCOUNT_VERSION);
	pc_ioctl(PCOUNT_SET_CONFIG, &cfg, "configuring the events");
	set_periods();
	open_epoch(o->fresh);
	start_maps();
	pc_ioctl(PCOUNT_READ_STATS, &last, "reading the statistics");
	now_stats = last;

	/* no SA_RESTART: a signal ends the blocking read; the timeout keeps
	 * the periodic writes on time when no buffer fills */
	pc_ioctl(PCOUNT_SET_TIMEOUT, (void *)(uintptr_t)(o->interval * 1e9),
	         "setting the read timeout");
	static const int sigs[] = { SIGUSR1, SIGHUP, SIGTERM, SIGINT, SIGCHLD };
	struct sigaction sa = { .sa_handler = on_signal };
	sigemptyset(&sa.sa_mask);
	for (size_t s = 0; s < sizeof sigs / sizeof sigs[0]; s++)
		sigaction(sigs[s], &sa, NULL);
	pc_ioctl(PCOUNT_START, NULL, "starting");
}

/* Until a signal, --duration or --run's program ends it: the exit
 * status (the program's, or 0). */
static int loop(const struct opts *o)
{
	pid_t child = o->prog ? run(o->prog) : 0;
	int status = 0;
	double next = seconds() + o->interval, end = o->duration ? seconds() + o->duration : 0;
	while (!want_stop && (!end || seconds() < end)) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n > 0)
			take((size_t)n / sizeof buf[0]);
		else if (n < 0 && errno != EINTR && errno != EAGAIN)
			cmd_die(1, "%s: read: %s", DEVICE, strerror(errno));
		read_records();     /* n == 0: a ring of records is half full */
		if (child_changed) {
			child_changed = 0;
			if (child && reaped(child, &status))
				break;
		}
		if (want_flush || want_epoch || seconds() >= next) {
			write_db();
			if (want_epoch)
				open_epoch(true);
			want_flush = want_epoch = 0;
			next = seconds() + o->interval;
		}
	}
	return status;
}

int main(int argc, char **argv)
{
	cmd_name = "dcpid";
	struct opts o;
	parse(argc, argv, &o);
	start(&o);
	int status = loop(&o);
	pc_ioctl(PCOUNT_STOP, NULL, "stopping");
	stopped = true;
	write_db();
	report(o.stats_path, o.verbose);
	collect_free(&col);
	return status;
}
