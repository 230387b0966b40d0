/*
 * run.c - one alphasim run (sim/run.h).  Each step either sets up what
 * the next needs or returns the exit status after one line on standard
 * error; sim_run frees whatever was set up, on every path alike.
 */
#include "sim/run.h"
#include "chip/pal.h"
#include "chip/model.h"
#include "obs/skid.h"
#include "obs/stats.h"
#include "obs/truth.h"
#include "platform/boot.h"
#include "platform/dev.h"
#include "platform/loader.h"
#include "platform/machine.h"
#include "sim/profile.h"
#include "sim/progress.h"
#include "sim/view.h"
#include "util/outfile.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

extern char **environ;

struct run {
	const struct sim_opts *o;
	const char *sysroot;                 /* --sysroot or the default      */
	const char *minios;                  /* the kernel booted, or NULL    */
	char minios_buf[4096];
	struct profile_run pr;               /* --profile                     */
	const char *path;                    /* what the machine runs ...     */
	int argc, path_arg;                  /* ... with these arguments      */
	char **argv;
	struct machine *m;
	struct truth *truth;
	const char *out_path[SIM_OUT_N];     /* the files written, or NULL    */
	struct outfile out[SIM_OUT_N];
	struct pmu_tracer skid;
	struct view *view;                   /* --view, --view-png            */
	struct progress progress;            /* the progress line, if shown   */
	double secs;                         /* the run's host time           */
	char err[PATH_MAX + 512];
};

/* "alphasim: message", and status to return. */
__attribute__((format(printf, 2, 3)))
static int fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("alphasim: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return status;
}

/* --profile: minios runs dcpid, which runs the program (sim/profile.c). */
static int prepare_profile(struct run *r)
{
	const struct sim_opts *o = r->o;
	const char *prog = o->argc ? o->argv[0] : NULL;
	if (prog) {
		struct elf_file *pf = elf_open(prog, r->err, sizeof r->err);
		bool bare = pf && loader_is_bare(pf);
		elf_close(pf);
		if (!pf)
			return fail(EXIT_USAGE, "%s", r->err);
		if (bare)
			return fail(EXIT_USAGE, "--profile runs Linux/Alpha programs on "
			            "minios, not bare-metal ones");
	}
	if (!profile_prepare(&r->pr, o->profile_dir, o->root, r->sysroot, o->events, o->seed,
	                     prog, o->argc, o->argv, r->err, sizeof r->err))
		return fail(r->pr.busy ? EXIT_DB_BUSY : EXIT_USAGE, "%s", r->err);
	if (!r->minios && !paths_find_minios(r->minios_buf, sizeof r->minios_buf,
	                                     r->err, sizeof r->err))
		return fail(EXIT_USAGE, "%s", r->err);
	if (!r->minios)
		r->minios = r->minios_buf;
	if (!r->out_path[SIM_OUT_TRUTH])
		r->out_path[SIM_OUT_TRUTH] = r->pr.truth;
	r->path = r->pr.dcpid;
	r->argc = r->pr.argc;
	r->argv = r->pr.argv;
	r->path_arg = r->pr.path_arg;
	return 0;
}

/* A minios kernel, not some other bare-metal program (which would run
 * in its place, ignoring the boot block): it defines minios's kernel
 * entry (docs/minios.md, "Boot"). */
static bool check_minios(const char *path, char *err, size_t errlen)
{
	struct elf_file *f = elf_open(path, err, errlen);
	if (!f)
		return false;
	bool ok = elf_symbol(f, "_kstart", NULL);
	elf_close(f);
	if (!ok)
		snprintf(err, errlen, "--minios %s: not a minios kernel (no _kstart symbol)", path);
	return ok;
}

/* A Linux/Alpha program: minios runs it (docs/minios.md).  The user's
 * tree is the guest's root. */
static bool boot(struct run *r)
{
	const struct sim_opts *o = r->o;
	struct machine *m = r->m;
	const struct boot_mount mounts[] = { { HOSTFS_MNT_ROOT, o->root, "/", NULL } };
	struct boot_config bc = {
		.minios = r->minios, .program = r->path,
		.argc = r->argc, .argv = r->argv, .path_arg = r->path_arg, .envp = environ,
		.fs = &m->hostfs, .mounts = mounts,
		.nmounts = sizeof mounts / sizeof mounts[0], .rwdir = r->pr.mount,
		.sysroot = m->hostfs.root[HOSTFS_MNT_SYSROOT] < 0 ? NULL : r->sysroot,
		.sysroot_mnt = HOSTFS_MNT_SYSROOT,
		.seed = 1, .epoch_s = 946684800, .quiet = o->quiet,
		.trace_syscalls = o->trace_syscalls,
	};
	if (!boot_linux(m, &bc, r->err, sizeof r->err))
		return false;
	/* the database is dcpid's alone (docs/usage.md, "What a guest can
	 * reach") */
	if (o->profile && !hostfs_guard(&m->hostfs, r->pr.db, r->err, sizeof r->err))
		return false;
	/* the other CPUs start where CPU 0 does, with no boot block:
	 * minios's PAL reset sends them to wait for CPU 0 */
	for (unsigned i = 1; i < m->bus.ncpus; i++)
		cpu_reset_bare(m->bus.cpu[i], m->bus.cpu[0]->pc);
	return true;
}

/* The machine, with the program loaded and the timing model on. */
static int start(struct run *r)
{
	const struct sim_opts *o = r->o;
	struct elf_file *f = elf_open(r->path, r->err, sizeof r->err);
	if (!f)
		return fail(EXIT_USAGE, "%s", r->err);
	bool linux_prog = !loader_is_bare(f);
	/* a Linux program boots minios: find it, and check it is one */
	if (linux_prog && !r->minios &&
	    paths_find_minios(r->minios_buf, sizeof r->minios_buf, r->err, sizeof r->err))
		r->minios = r->minios_buf;
	if (linux_prog && (!r->minios || !check_minios(r->minios, r->err, sizeof r->err))) {
		elf_close(f);
		return fail(EXIT_USAGE, "%s", r->err);
	}
	struct machine *m = r->m = machine_new(o->params.mem_mb << 20, (unsigned)o->params.cpus);
	if (!m) {
		elf_close(f);
		return fail(EXIT_USAGE, "cannot allocate %llu MB of guest memory",
		            (unsigned long long)o->params.mem_mb);
	}
	m->bus.ev_model = o->model;
	m->params = o->params;
	m->hostfs.write_limit = o->params.write_limit_mb << 20;
	/* hostfs: a bad tree the user named is an error; a missing default
	 * sysroot just leaves that mount out */
	if (!hostfs_mount(&m->hostfs, HOSTFS_MNT_ROOT, o->root, false, r->err, sizeof r->err) ||
	    (!hostfs_mount(&m->hostfs, HOSTFS_MNT_SYSROOT, r->sysroot, true, r->err,
	                   sizeof r->err) && o->sysroot)) {
		elf_close(f);
		return fail(EXIT_USAGE, "--%s: %s",
		            m->hostfs.root[HOSTFS_MNT_ROOT] < 0 ? "root" : "sysroot", r->err);
	}
	if (o->timing) {
		r->truth = r->out_path[SIM_OUT_TRUTH] || r->view ? truth_new() : NULL;
		struct truth_sink sink = r->truth ? truth_sink(r->truth) : (struct truth_sink){ 0 };
		if ((r->out_path[SIM_OUT_TRUTH] && !r->truth) ||
		    !machine_timing_on(m, r->truth ? &sink : NULL)) {
			elf_close(f);
			return fail(EXIT_NOMEM, "out of host memory for the timing model");
		}
	}
	bool loaded;
	if (linux_prog) {
		elf_close(f);
		loaded = boot(r);
	} else {
		uint64_t entry;
		loaded = loader_load_bare(f, m, &entry, r->err, sizeof r->err);
		elf_close(f);
		for (unsigned i = 0; loaded && i < m->bus.ncpus; i++)
			cpu_reset_bare(m->bus.cpu[i], entry);
	}
	return loaded ? 0 : fail(EXIT_USAGE, "%s", r->err);
}

/* The output files, opened before the run, so that a name that cannot
 * be written costs no simulation, and put in place after it, each whole
 * or not at all (util/outfile.h). */
static const char *const out_option[SIM_OUT_N] = { "skid-trace", "stats", "truth" };

static int open_outputs(struct run *r)
{
	for (int i = 0; i < SIM_OUT_N; i++)
		if (r->out_path[i] && !outfile_open(&r->out[i], r->out_path[i], r->err,
		                                    sizeof r->err))
			return fail(EXIT_USAGE, "--%s: %s", out_option[i], r->err);
	if (r->out_path[SIM_OUT_SKID]) {
		skid_header(r->out[SIM_OUT_SKID].f);
		r->skid = skid_tracer(r->out[SIM_OUT_SKID].f);
	}
	return 0;
}

static bool commit_outputs(struct run *r)
{
	bool ok = true;
	for (int i = 0; i < SIM_OUT_N; i++)
		if (r->out_path[i] && !outfile_commit(&r->out[i], r->err, sizeof r->err)) {
			fail(0, "--%s: %s", out_option[i], r->err);
			ok = false;
		}
	return ok;
}

/* The truth file, with the machine description and per-CPU totals. */
static bool write_truth(FILE *f, struct truth *truth, struct machine *m)
{
	uint64_t cycles[MAX_CPUS], insns[MAX_CPUS], owed[MAX_CPUS];
	for (unsigned i = 0; i < m->bus.ncpus; i++) {
		const struct cpu *c = m->bus.cpu[i];
		cycles[i] = cpu_cycles(c);
		insns[i] = cpu_insns(c);
		owed[i] = c->timing ? timing_pal_owed(c->timing) : 0;
	}
	size_t n = params_text(&m->params, NULL, 0) + 1;
	char *text = malloc(n);
	if (!text)
		return false;
	params_text(&m->params, text, n);
	bool ok = truth_write(truth, f, text, m->bus.ncpus, cycles, insns, owed,
	                      m->hints, m->nhints);
	free(text);
	return ok;
}

/* Why the run stopped, when not by the guest's exit: the line and the
 * status. */
static int stop_status(struct run *r, enum cpu_stop why)
{
	struct machine *m = r->m;
	struct cpu *c = m->bus.cpu[m->stop_cpu];
	if (r->view && view_quit(r->view))
		return fail(EXIT_LIMIT, "%s: stopped at cycle %llu (--view: quit)", r->path,
		            (unsigned long long)cpu_cycles(c));
	switch (why) {
	case STOP_LIMIT:
		return fail(EXIT_LIMIT, "%s: stopped after %llu instructions (--max-insns)",
		            r->path, (unsigned long long)r->o->max_insns);
	case STOP_CYCLES:
		/* slices end between instructions, so the clock may pass N */
		return fail(EXIT_LIMIT, "%s: stopped at cycle %llu (--max-cycles %llu)",
		            r->path, (unsigned long long)cpu_cycles(c),
		            (unsigned long long)r->o->max_cycles);
	case STOP_NOPAL:
		return fail(EXIT_STUCK, "%s: CPU %u: unhandled %s exception at pc 0x%016llx "
		            "(EXC_SUM 0x%llx, VA 0x%llx) and no PALcode to take it",
		            r->path, c->id, pal_entry_name(c->nopal_entry),
		            (unsigned long long)c->ipr[IPR_EXC_ADDR],
		            (unsigned long long)c->ipr[IPR_EXC_SUM],
		            (unsigned long long)c->ipr[IPR_VA]);
	case STOP_NOMEM:
		return fail(EXIT_NOMEM, "%s: out of host memory", r->path);
	case STOP_IDLE:
		return fail(EXIT_STUCK, "%s: every CPU waits for an interrupt (simctl WAIT) "
		            "and nothing can raise one", r->path);
	default:
		return m->exit_status;
	}
}

/* The summary line: all CPUs together; cycles are the longest CPU's. */
static void summary(const struct run *r)
{
	const struct machine *m = r->m;
	uint64_t cnt[CNT_N] = { 0 }, cycles = 0, total = 0;
	for (unsigned i = 0; i < m->bus.ncpus; i++) {
		for (unsigned k = 0; k < CNT_N; k++)
			cnt[k] += m->bus.cpu[i]->icount[k];
		total += cpu_cycles(m->bus.cpu[i]);
		if (cpu_cycles(m->bus.cpu[i]) > cycles)
			cycles = cpu_cycles(m->bus.cpu[i]);
	}
	uint64_t n = machine_insns(m), replayed = 0;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (m->bus.cpu[i]->timing)
			replayed += m->bus.cpu[i]->timing->memo.replayed;
	char memo[48] = "";
	if (replayed)
		snprintf(memo, sizeof memo, ", %.1f%% replayed", 100.0 * (double)replayed / (double)n);
	char on[24] = "";
	if (m->bus.ncpus > 1)
		snprintf(on, sizeof on, " on %u CPUs", m->bus.ncpus);
	fprintf(stderr, "alphasim: %llu instructions (user %llu, kernel %llu, pal %llu), "
	        "%llu cycles (CPI %.2f)%s, %.3f s, %.1f MIPS%s\n",
	        (unsigned long long)n, (unsigned long long)cnt[CNT_USER],
	        (unsigned long long)cnt[CNT_KERNEL], (unsigned long long)cnt[CNT_PAL],
	        (unsigned long long)cycles, n ? (double)total / n : 0.0, on,
	        r->secs, r->secs > 0 ? n / r->secs / 1e6 : 0.0, memo);
}

/* After the run: the collection's figures (if dcpid finished), the
 * output files, the summary. */
static int finish(struct run *r, enum cpu_stop why)
{
	const struct sim_opts *o = r->o;
	int status = stop_status(r, why);
	struct dcpi_figures fig;
	bool measured = o->profile && why == STOP_EXIT;
	if (measured && r->m->killer) {
		/* the guest's doing, not the collection's (docs/usage.md,
		 * "Exit status"): minios names the sender (simctl KILLER) */
		status = fail(EXIT_DAEMON_KILLED, "--profile: the profiled program (process %llu) "
		              "killed dcpid with signal %d: the run has no profile",
		              (unsigned long long)r->m->killer, r->m->exit_status - 128);
		measured = false;
	}
	if (measured && !profile_measure(&r->pr, r->m, r->truth, r->minios, &fig, r->err,
	                                 sizeof r->err)) {
		status = fail(EXIT_PROFILE, "--profile: %s", r->err);
		measured = false;
	}
	if (measured && !fig.conserved)
		status = fail(EXIT_PROFILE, "--profile: samples not conserved (a bug of the "
		              "collection): the PMU delivered %llu, the database holds %llu in "
		              "images + %llu unknown, the driver dropped %llu",
		              (unsigned long long)fig.samples_delivered,
		              (unsigned long long)fig.samples_in_db,
		              (unsigned long long)fig.samples_unknown,
		              (unsigned long long)fig.samples_dropped);
	if (r->m->hostfs.refused)
		fail(0, "the guest's files reached the write limit (--write-limit %llu MB): "
		     "%llu writes or truncates failed with ENOSPC",
		     (unsigned long long)o->params.write_limit_mb,
		     (unsigned long long)r->m->hostfs.refused);
	if (r->out_path[SIM_OUT_STATS])
		stats_write(r->out[SIM_OUT_STATS].f, r->m, r->secs, measured ? &fig : NULL);
	bool out_ok = true;
	if (r->out_path[SIM_OUT_TRUTH] && !write_truth(r->out[SIM_OUT_TRUTH].f, r->truth, r->m)) {
		fail(0, "--truth: %s: out of host memory", r->out_path[SIM_OUT_TRUTH]);
		out_ok = false;
		outfile_abort(&r->out[SIM_OUT_TRUTH]);
		r->out_path[SIM_OUT_TRUTH] = NULL;
	}
	if (r->view && !view_finish(r->view, r->err, sizeof r->err)) {
		fail(0, "--view-png: %s", r->err);
		out_ok = false;
	}
	if (!commit_outputs(r) || !out_ok)
		return EXIT_USAGE;
	if (!o->quiet) {
		summary(r);
		if (measured)
			profile_summary(&r->pr, &fig, r->minios, stderr);
	}
	if (measured && o->overhead)
		profile_overhead(&fig, stderr);
	return status;
}

/* --view: the window (or the picture's file) before anything else, so
 * that without a display nothing is done. */
static int open_view(struct run *r)
{
	const struct sim_opts *o = r->o;
	const struct view_cfg cfg = {
		.window = o->view, .exit = o->view_exit, .png = o->view_png, .at = o->view_at,
		.ncpus = (unsigned)o->params.cpus,
	};
	if ((o->view || o->view_png) && !(r->view = view_open(&cfg, r->err, sizeof r->err)))
		return fail(EXIT_USAGE, "%s", r->err);
	return 0;
}

static int run(struct run *r)
{
	int status = open_view(r);
	if (!status && r->o->profile)
		status = prepare_profile(r);
	if (!status)
		status = start(r);
	if (!status)
		status = open_outputs(r);
	if (status)
		return status;
	if (r->o->profile && !r->o->quiet)
		profile_intro(&r->pr, stderr);
	const struct pmu_tracer *skid = r->out_path[SIM_OUT_SKID] ? &r->skid : NULL, *trace = skid;
	struct pmu_tracer viewed;
	if (r->view) {
		const struct report_paths paths = { r->o->root, r->sysroot, r->minios };
		viewed = view_attach(r->view, r->m, r->truth, &paths,
		                     r->o->argc ? r->o->argv[0] : r->pr.demo, skid);
		trace = &viewed;
	}
	machine_configure(r->m, trace);
	if (progress_wanted(r->o->progress, r->o->quiet, stderr))
		progress_start(&r->progress, r->m, stderr, r->o->max_insns, r->o->max_cycles,
		               r->o->profile);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	enum cpu_stop why = r->view ? view_run(r->view, r->o->max_insns, r->o->max_cycles)
	                            : machine_run(r->m, r->o->max_insns, r->o->max_cycles);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	progress_stop(&r->progress);
	fflush(stdout);
	r->secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	return finish(r, why);
}

int sim_run(const struct sim_opts *o)
{
	struct run *r = xcalloc(1, sizeof *r);
	*r = (struct run){
		.o = o, .sysroot = o->sysroot ? o->sysroot : PATHS_DEFAULT_SYSROOT,
		.minios = o->minios, .path = o->argv[0], .argc = o->argc, .argv = o->argv,
		.pr.lock_fd = -1,
	};
	for (int i = 0; i < SIM_OUT_N; i++)
		r->out_path[i] = o->out_path[i];
	int status = run(r);
	/* the one clean-up: each of these is a no-op on what was not set up */
	for (int i = 0; i < SIM_OUT_N; i++)
		outfile_abort(&r->out[i]);
	profile_free(&r->pr);
	view_free(r->view);
	truth_free(r->truth);
	machine_free(r->m);
	free(r);
	return status;
}
