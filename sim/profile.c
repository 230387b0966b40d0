/*
 * profile.c - alphasim --profile (sim/profile.h; docs/usage.md
 * "Profiling"; the DCPI paper, sections 4 and 5).
 */
#include "sim/profile.h"
#include "sim/dblock.h"
#include "util/fail.h"
#include "util/paths.h"
#include "util/infile.h"
#include "platform/boot.h"
#include "isa/elf.h"
#include "obs/truth.h"
#include "analysis/lib/report.h"
#include "analysis/lib/session.h"
#include "analysis/lib/truthfile.h"
#include "analysis/lib/whatcg.h"
#include "daemon/events.h"
#include "daemon/profdb.h"
#include "daemon/runprog.h"
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NONE UINT64_MAX

/* ---- before the run ------------------------------------------------------ */

/* "name[:period],..." as dcpid will take it (daemon/events.c): a bad
 * list is refused here, before booting, not by dcpid in the guest. */
static bool check_events(const char *events, char *err, size_t errlen)
{
	struct pcount_config cfg = { 0 };
	char why[768];
	if (!dcpi_events_parse(events, &cfg, why, sizeof why))
		FAIL("--events: %s", why);
	return true;
}

/* The host path of db, canonical (it need not exist yet, its parent
 * must: it is created now, so that it can be locked), and its guest
 * path.  Beneath root the guest sees it there; anywhere else boot mounts
 * it read-write at its own host path (pr->mount), which only it shows, as
 * a program outside the root is mounted (platform/boot.c).  Either way
 * the user must be able to write it, and only dcpid reaches it in the
 * guest (hostfs_guard). */
static bool place_db(struct profile_run *pr, const char *db, const char *root,
                     char *err, size_t errlen)
{
	char rootreal[PATH_MAX], real[PATH_MAX], parent[PATH_MAX];
	if (!realpath(root, rootreal))
		FAIL("--root %s: %s", root, strerror(errno));
	bool exists = realpath(db, real) != NULL;
	if (!exists) {
		/* not there yet: its parent's canonical path and its name */
		snprintf(parent, sizeof parent, "%s", db);
		char *slash = strrchr(parent, '/'), base[PATH_MAX];
		snprintf(base, sizeof base, "%s", slash ? slash + 1 : parent);
		if (slash == parent)
			parent[1] = 0;
		else if (slash)
			*slash = 0;
		else
			strcpy(parent, ".");
		char preal[PATH_MAX];
		if (!*base || !strcmp(base, ".") || !strcmp(base, "..") || !realpath(parent, preal))
			FAIL("--profile=%s: no directory %s to create it in", db, parent);
		if ((size_t)snprintf(real, sizeof real, "%s%s%s", preal, strcmp(preal, "/") ? "/" : "",
		                     base) >= sizeof real)
			FAIL("--profile=%s: path too long", db);
		snprintf(parent, sizeof parent, "%s", preal);
	}
	struct stat st;
	if (exists && (stat(real, &st) || !S_ISDIR(st.st_mode)))
		FAIL("--profile=%s: not a directory", db);
	if (access(exists ? real : parent, W_OK))
		FAIL("--profile=%s: %s is not writable: %s", db, exists ? real : parent,
		     strerror(errno));
	size_t k = strcmp(rootreal, "/") ? strlen(rootreal) : 0;
	bool inside = !strncmp(real, rootreal, k) && (real[k] == '/' || !real[k]);
	snprintf(pr->db, sizeof pr->db, "%s", real);
	if (!exists && mkdir(real, 0777))
		FAIL("--profile=%s: cannot create it: %s", db, strerror(errno));
	if (inside) {
		snprintf(pr->gdb, sizeof pr->gdb, "%s", real[k] ? real + k : "/");
	} else {
		snprintf(pr->gdb, sizeof pr->gdb, "%s", real);
		pr->mount = pr->db;
	}
	const char *sep = strcmp(pr->gdb, "/") ? "/" : "";
	snprintf(pr->stats, sizeof pr->stats, "%s/dcpid.stats", pr->db);
	snprintf(pr->gstats, sizeof pr->gstats, "%s%sdcpid.stats", pr->gdb, sep);
	snprintf(pr->truth, sizeof pr->truth, "%s.truth", pr->db);
	return true;
}

/* One run at a time writes the database (sim/dblock.h); once it is
 * ours, a stats file an earlier run left is removed, so that only this
 * run's dcpid can leave one. */
static bool lock_db(struct profile_run *pr, char *err, size_t errlen)
{
	enum dblock_result r = dblock_take(pr->db, &pr->lock_fd, err, errlen);
	pr->busy = r == DBLOCK_BUSY;
	if (r != DBLOCK_TAKEN)
		return false;
	if (unlink(pr->stats) && errno != ENOENT)
		FAIL("--profile=%s: %s: %s", pr->db, pr->stats, strerror(errno));
	return true;
}

bool profile_prepare(struct profile_run *pr, const char *db, const char *root,
                     const char *sysroot, const char *events, uint64_t seed, const char *prog,
                     int argc, char **argv, char *err, size_t errlen)
{
	memset(pr, 0, sizeof *pr);
	pr->lock_fd = -1;
	pr->root = root;
	pr->sysroot = sysroot;
	if (events && !check_events(events, err, errlen))
		return false;
	if (!place_db(pr, db ? db : PROFILE_DEFAULT_DIR, root, err, errlen) ||
	    !lock_db(pr, err, errlen) ||
	    !paths_find_file("daemon/dcpid.lnx", "ALPHASIM_DCPID", pr->dcpid,
	                    sizeof pr->dcpid, err, errlen))
		return false;
	if (!prog) {
		if (!paths_find_file(PROFILE_WORKLOAD, NULL, pr->demo, sizeof pr->demo, err, errlen))
			return false;
		prog = pr->demo;
		argc = 1;
	}
	/* dcpid --db DB --stats DB/dcpid.stats --new-epoch [--events L]
	 *       [--seed N] --run PROG ARGS...: a new epoch holds this run's
	 *       samples alone */
	const char *own[PROFILE_MAX_ARGS] = { "dcpid", "--db", pr->gdb, "--stats",
	                                      pr->gstats, "--new-epoch" };
	int n = 6;
	if (events) {
		own[n++] = "--events";
		own[n++] = events;
	}
	if (seed) {
		snprintf(pr->seed, sizeof pr->seed, "%" PRIu64, seed);
		own[n++] = "--seed";
		own[n++] = pr->seed;
	}
	own[n++] = "--run";
	pr->argv = calloc((size_t)(n + argc + 1), sizeof *pr->argv);
	if (!pr->argv)
		FAIL("out of host memory");
	for (int i = 0; i < n; i++)
		pr->argv[i] = (char *)own[i];
	pr->path_arg = n;
	pr->argv[n] = (char *)prog;
	for (int i = 1; i < argc; i++)
		pr->argv[n + i] = argv[i];
	pr->argc = n + argc;
	return true;
}

void profile_free(struct profile_run *pr)
{
	free(pr->argv);
	pr->argv = NULL;
	if (pr->lock_fd >= 0)
		close(pr->lock_fd);
	pr->lock_fd = -1;
}

/* ---- dcpid's totals ----------------------------------------------------- */

/* key=value lines; NONE for a key the file lacks. */
static uint64_t stat_of(const char *text, const char *key)
{
	size_t k = strlen(key);
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (!strncmp(l, key, k) && l[k] == '=')
			return strtoull(l + k + 1, NULL, 10);
	return NONE;
}

/* dcpid.stats, a file in the database the guest could have replaced:
 * read as every reader of the database reads (util/infile.h), a
 * regular file, not a link, of at most STATS_MAX bytes. */
#define STATS_MAX 8192
static bool read_text(const char *path, char buf[STATS_MAX + 1], char *err, size_t errlen)
{
	struct stat st;
	unsigned char *text;
	size_t len;
	if (lstat(path, &st) != 0 && errno == ENOENT)
		FAIL("%s: %s (dcpid did not finish: see its messages)", path, strerror(errno));
	if (!infile_read(path, true, STATS_MAX, "dcpid statistics file", &text, &len,
	                 err, errlen))
		return false;
	memcpy(buf, text, len + 1);
	free(text);
	return true;
}

/* ---- the truth: the handler's and the daemon's cycles -------------------- */

struct walk {
	uint64_t intr[2], miss[2];    /* the ranges of minios.elf */
	uint64_t asn[MAX_CPUS * 4];   /* dcpid's address spaces */
	size_t nasn;
	struct dcpi_figures *fig;
};

static bool in(const uint64_t r[2], uint64_t pc)
{
	return pc >= r[0] && pc < r[1];
}

/* Kernel code runs in the address space of whatever process the CPU
 * runs (docs/truth-format.md), so the handler is found by PC in every
 * space; dcpid's own cycles, user and kernel on its behalf, are those of
 * its spaces outside the handler.  PAL code (space 0xFFFF) is neither:
 * the interrupt's PAL entry and exit are shared with every interrupt. */
static void walk_page(const struct truth_page *p, void *arg)
{
	struct walk *w = arg;
	if (p->space == TRUTH_SPACE_PAL)
		return;
	bool daemon = false;
	for (size_t i = 0; i < w->nasn; i++)
		daemon |= p->space == w->asn[i];
	for (unsigned i = 0; i < PAGE_INSNS; i++) {
		uint64_t pc = p->vpage + 4ull * i;
		if (in(w->intr, pc)) {
			w->fig->driver_cycles += p->head[i];
			w->fig->handler_dmisses += p->event[TE_dmiss][i];
			if (in(w->miss, pc)) {
				w->fig->miss_cycles += p->head[i];
				w->fig->miss_dmisses += p->event[TE_dmiss][i];
			}
		} else if (daemon) {
			w->fig->daemon_cycles += p->head[i];
		}
	}
}

static bool measure_truth(struct machine *m, const struct truth *truth, const char *minios,
                          struct dcpi_figures *fig, char *err, size_t errlen)
{
	struct walk w = { .fig = fig };
	struct elf_file *f = elf_open(minios, err, errlen);
	if (!f)
		return false;
	static const char *const names[] = { "__dcpi_intr_start", "__dcpi_intr_end",
	                                     "__dcpi_miss_start", "__dcpi_miss_end" };
	uint64_t *at[] = { &w.intr[0], &w.intr[1], &w.miss[0], &w.miss[1] };
	for (size_t i = 0; i < 4; i++)
		if (!elf_symbol(f, names[i], at[i])) {
			snprintf(err, errlen, "%s: no symbol %s: the handler's cycles cannot be "
			         "measured", minios, names[i]);
			elf_close(f);
			return false;
		}
	elf_close(f);
	/* dcpid is the first process the kernel switches to (minios/sched.c
	 * hints every switch): its pid, and every ASN it ran under */
	uint64_t pid = NONE;
	for (size_t i = 0; i < m->nhints; i++) {
		const struct machine_hint *h = &m->hints[i];
		if (h->kind != SIMCTL_HINT_CONTEXT || (pid != NONE && h->pid != pid))
			continue;
		pid = h->pid;
		bool seen = false;
		for (size_t k = 0; k < w.nasn; k++)
			seen |= w.asn[k] == h->asn;
		if (!seen && w.nasn < sizeof w.asn / sizeof w.asn[0])
			w.asn[w.nasn++] = h->asn;
	}
	fig->driver_cycles = fig->miss_cycles = fig->miss_dmisses = 0;
	fig->handler_dmisses = fig->daemon_cycles = 0;
	truth_each(truth, walk_page, &w);
	fig->overhead_cycles = fig->driver_cycles + fig->daemon_cycles;
	return true;
}

/* ---- after the run -------------------------------------------------------- */

static uint64_t file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (uint64_t)st.st_size : 0;
}

bool profile_measure(struct profile_run *pr, struct machine *m, const struct truth *truth,
                     const char *minios, struct dcpi_figures *fig, char *err, size_t errlen)
{
#define X(name, desc) fig->name = NONE;
	DCPI_FIGURES(X)
#undef X
	/* the database's path was made canonical before the run
	 * (place_db): a link on it now is the guest's doing, and nothing
	 * is read through it */
	char now[PATH_MAX];
	if (!realpath(pr->db, now))
		FAIL("%s: %s", pr->db, strerror(errno));
	if (strcmp(now, pr->db))
		FAIL("%s: replaced by a symbolic link during the run (to %s): not read",
		     pr->db, now);
	char text[STATS_MAX + 1];
	if (!read_text(pr->stats, text, err, errlen))
		return false;
	fig->samples_dropped = stat_of(text, "driver_drops");
	fig->entries_read = stat_of(text, "driver_entries_read");
	fig->samples_read = stat_of(text, "driver_samples_read");
	fig->driver_interrupts = stat_of(text, "driver_interrupts");
	fig->driver_misses = stat_of(text, "driver_misses");
	fig->memory_bytes = stat_of(text, "driver_memory_bytes");
	fig->aggregation_factor = fig->entries_read && fig->entries_read != NONE &&
	                          fig->samples_read != NONE
		? (double)fig->samples_read / (double)fig->entries_read : 0;

	/* what the PMU delivered to the handler, every CPU and counter: the
	 * interrupts taken, and the overflows PALcode found in the ISR and
	 * acknowledged (HWINT_CLR) while it was entering for another
	 * interrupt, before the counter's own became deliverable.  minios's
	 * PALcode clears a counter interrupt only to dispatch it to entInt
	 * (minios/pal/trap.S), so each of those reached the handler too. */
	fig->samples_delivered = fig->total_cycles = 0;
	for (unsigned i = 0; i < m->bus.ncpus; i++) {
		for (int n = 0; n < PMU_NCTR; n++)
			fig->samples_delivered += m->bus.cpu[i]->pmu.delivered[n] +
			                          m->bus.cpu[i]->pmu.cleared[n];
		fig->total_cycles += cpu_cycles(m->bus.cpu[i]);
	}

	/* this run's epoch: the newest (dcpid --new-epoch) */
	unsigned *epochs;
	size_t n;
	if (!profdb_epochs(pr->db, &epochs, &n, err, errlen))
		return false;
	pr->epoch = n ? epochs[n - 1] : 0;
	free(epochs);
	if (!pr->epoch)
		FAIL("%s: dcpid wrote no epoch", pr->db);
	/* name the program this epoch is a run of (dcpi-db.md, "The epoch's
	 * program"), for the tools that merge epochs; written here, after
	 * the run, since anything the guest did more would move its samples */
	char dir[PATH_MAX], prog[PATH_MAX];
	profdb_epoch_dir(dir, sizeof dir, pr->db, pr->epoch);
	if (!realpath(pr->argv[pr->path_arg], prog))
		FAIL("%s: %s", pr->argv[pr->path_arg], strerror(errno));
	if (!runprog_write(dir, prog, err, errlen))
		return false;
	struct report r;
	if (!report_read(&r, pr->db, pr->epoch, NULL, err, errlen))
		return false;
	/* the counters' samples apart from instruction sampling's records
	 * and sums (precise.md): a sum of head cycles is no sample */
	fig->samples_in_db = fig->samples_unknown = 0;
	fig->pm_retired = fig->pm_killed = fig->pm_sums = 0;
	for (size_t c = 0; c < r.ncols; c++) {
		uint64_t *pm = !strcmp(r.cols[c].name, "pm.retired") ? &fig->pm_retired
		             : !strcmp(r.cols[c].name, "pm.killed") ? &fig->pm_killed : &fig->pm_sums;
		for (size_t i = 0; i < r.nimages; i++)
			*(report_kind_of(r.cols[c].name) != REPORT_SAMPLES ? pm
			  : r.images[i].kind == PROF_UNKNOWN ? &fig->samples_unknown
			                                     : &fig->samples_in_db) += r.images[i].samples[c];
	}
	fig->db_bytes = r.bytes;
	/* the images' files, against which the profiles' size is measured */
	const struct report_paths paths = { pr->root, pr->sysroot, minios };
	char file[PATH_MAX], why[PROF_ERR_MAX];
	fig->image_bytes = 0;
	for (size_t i = 0; i < r.nimages; i++)
		if (r.images[i].kind != PROF_UNKNOWN &&
		    report_image_file(&paths, &r.images[i], file, sizeof file, why, sizeof why))
			fig->image_bytes += file_size(file);
	report_free(&r);
	/* the events of counters read rather than sampled (dcpi.md,
	 * "Sampling sources") are in the profiles too, as counts */
	uint64_t counted = stat_of(text, "driver_counted");
	/* ... and instruction sampling's sums (precise.md), when it ran */
	uint64_t pm_added = stat_of(text, "driver_pm_added");
	if (pm_added == NONE)
		pm_added = 0;
	fig->conserved = fig->samples_dropped != NONE && counted != NONE &&
		fig->samples_delivered + counted + pm_added ==
		fig->samples_in_db + fig->samples_unknown + fig->samples_dropped +
		fig->pm_retired + fig->pm_killed + fig->pm_sums;
	if (!measure_truth(m, truth, minios, fig, err, errlen))
		return false;
	fig->overhead_pct = fig->total_cycles
		? 100.0 * (double)fig->overhead_cycles / (double)fig->total_cycles : 0;
	return true;
}

/* ---- the summary -------------------------------------------------------- */

#define TOP_IMAGES 5
#define TOP_PROCS 10

struct proc_row {
	const char *image;
	char name[96];
	uint64_t samples;
};

static int proc_cmp(const void *a, const void *b)
{
	const struct proc_row *x = a, *y = b;
	return x->samples != y->samples ? (x->samples > y->samples ? -1 : 1)
	                                : strcmp(x->name, y->name);
}

/* Image im's procedures by the samples of column c, added to rows. */
static void image_procs(const struct report *r, const struct report_paths *paths,
                        const struct report_image *im, size_t c, struct proc_row **rows,
                        size_t *n, FILE *f)
{
	char file[PATH_MAX], err[PROF_ERR_MAX];
	struct report_row *procs;
	size_t nprocs;
	if (!im->have[c] || im->kind == PROF_UNKNOWN)
		return;
	if (!report_procs(r, paths, im, file, sizeof file, &procs, &nprocs, err, sizeof err)) {
		fprintf(f, "alphasim: %s\n", err);
		return;
	}
	struct proc_row *a = realloc(*rows, (*n + nprocs) * sizeof *a);
	if (a) {
		*rows = a;
		for (size_t i = 0; i < nprocs; i++) {
			a[*n + i].image = im->path;
			a[*n + i].samples = procs[i].count[c];
			snprintf(a[*n + i].name, sizeof a[*n + i].name, "%s", procs[i].name);
		}
		*n += nprocs;
	}
	report_rows_free(procs, nprocs);
}

/* ---- the analysis of the top image (docs/analysis.md) --------------------- */

/* A path in a command line to copy: quoted when the shell would split it. */
static void shell_arg(FILE *f, const char *s)
{
	if (!strpbrk(s, " \t'\"\\$`!*?[]#&;|<>(){}~")) {
		fputs(s, f);
		return;
	}
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

/* The breakdown, and the procedure with the most cycles samples. */
struct wcg_sum {
	struct an_wcg w;
	double top;
	char proc[128];
};

static bool wcg_visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                      const struct an_proc *a)
{
	struct wcg_sum *x = arg;
	double before = x->w.samples;
	(void)s;
	(void)pi;
	an_wcg_add(&x->w, a, NULL);
	if (x->w.samples - before > x->top) {
		x->top = x->w.samples - before;
		snprintf(x->proc, sizeof x->proc, "%s", an_proc_name(a));
	}
	return true;
}

/* Is the truth file this run's (not one left by an earlier run while
 * --truth wrote this one elsewhere)? */
static bool truth_is_this_runs(const char *path, const struct dcpi_figures *fig)
{
	struct truthfile t;
	char err[512];
	if (!truthfile_open(&t, path, err, sizeof err))
		return false;
	bool same = t.cycles == fig->total_cycles;
	truthfile_close(&t);
	return same;
}

/* Where the cycles of the image with the most CYCLES samples went, the
 * estimate beside the truth (dcpiwhatcg), and the commands that say
 * more. */
static void analysis_summary(const struct profile_run *pr, const struct report *r,
                             const struct dcpi_figures *fig, const char *minios, FILE *f)
{
	long c = report_col_of(r, "cycles");
	const struct report_image *top = NULL;
	for (size_t i = 0; c >= 0 && i < r->nimages; i++) {
		const struct report_image *im = &r->images[i];
		if (im->kind != PROF_UNKNOWN && im->samples[c] &&
		    (!top || (im->kind == PROF_USER) > (top->kind == PROF_USER) ||
		     ((im->kind == PROF_USER) == (top->kind == PROF_USER) &&
		      im->samples[c] > top->samples[c])))
			top = im;
	}
	if (!top) {
		fprintf(f, "alphasim: no cycles samples in an image: nothing to analyse\n");
		return;
	}
	bool truth = truth_is_this_runs(pr->truth, fig);
	struct an_session_opts o = {
		AN_SESSION_DEFAULTS, .db = pr->db, .epoch = pr->epoch, .image = top->path,
		.truth = truth ? pr->truth : NULL,
		.paths = { pr->root, pr->sysroot, minios }, .stripped_ok = true,
	};
	struct an_session s;
	char err[1024];
	static struct wcg_sum w;
	memset(&w, 0, sizeof w);
	const struct an_visitor v = { wcg_visit, NULL, &w, NULL };
	if (!an_session_open(&s, &o, err, sizeof err)) {
		fprintf(f, "alphasim: analysis: %s\n", err);
		return;
	}
	if (!an_session_run(&s, &v, err, sizeof err)) {
		fprintf(f, "alphasim: analysis: %s\n", err);
		an_session_close(&s);
		return;
	}
	const char *base = strrchr(top->path, '/') ? strrchr(top->path, '/') + 1 : top->path;
	fprintf(f, "alphasim: where the cycles of %s went: the estimate (estimator %s) from its %"
	        PRIu64 " cycles samples%s (dcpiwhatcg)\n", base, an_session_est_label(&s),
	        top->samples[c], truth ? ", beside the truth" : "");
	an_session_close(&s);
	if (top->samples[c] < 10000)
		fprintf(f, "alphasim: (few samples for estimates per instruction: sample more "
		        "often with --events cycles:PERIOD,imiss)\n");
	an_wcg_print(&w.w, f, "  ", true);
	/* what the table's two puzzles mean (docs/analysis.md, "dcpiwhatcg") */
	if (an_wcg_has_range(&w.w))
		fprintf(f, "alphasim: %s\n", an_wcg_range_note);
	if (truth && w.w.have_truth && w.w.truth_total > 0 && w.w.samples > 0) {
		double d = 100 * (w.w.total - w.w.truth_total) / w.w.truth_total;
		fprintf(f, "alphasim: cycles: the estimate is samples x mean period, %.1f%% %s than "
		        "the truth's: sampling noise (about %.1f%%) and the blind spots, cycles in "
		        "PALcode or with interrupts held off charged to the next instruction "
		        "(docs/pmu.md)\n", fabs(d), d >= 0 ? "more" : "less",
		        100 / sqrt(w.w.samples));
	}
	/* the commands, to copy */
	const char *cmds[][2] = {
		{ "dcpicalc", "the annotated listing of its top procedure" },
		{ "dcpitopstalls", "the instructions that stalled most" },
		{ "dcpiaccuracy", "how close the estimates come to the truth" },
	};
	for (size_t k = 0; k < sizeof cmds / sizeof cmds[0]; k++) {
		if (k == 2 && !truth)
			break;
		char tool[PATH_MAX];
		paths_tool(cmds[k][0], tool, sizeof tool);
		fputs("alphasim: ", f);
		shell_arg(f, tool);
		fputs(" -db ", f);
		shell_arg(f, pr->db);
		if (truth) {
			fputs(" --truth ", f);
			shell_arg(f, pr->truth);
		}
		if (strcmp(pr->root, ".")) {
			fputs(" --root ", f);
			shell_arg(f, pr->root);
		}
		fputc(' ', f);
		shell_arg(f, base);
		if (k == 0) {
			fputc(' ', f);
			shell_arg(f, w.proc);
		}
		fprintf(f, "   # %s\n", cmds[k][1]);
	}
}

void profile_intro(const struct profile_run *pr, FILE *f)
{
	if (!pr->demo[0])
		return;
	/* testprogs/accuracy/workload.c: one line a kernel, named by what it
	 * walks, in the order of kernels.h */
	fprintf(f, "alphasim: the default workload prints a checksum of each stress kernel's work, "
	        "not a time (lines: D-cache, blocks: S-cache, pages: DTB, flips: branch "
	        "prediction, stores: write buffer, mul: IMUL, div: FDIV, hops: I-cache)\n");
}

void profile_summary(const struct profile_run *pr, const struct dcpi_figures *fig,
                     const char *minios, FILE *f)
{
	struct report r;
	char err[PROF_ERR_MAX];
	if (!report_read(&r, pr->db, pr->epoch, REPORT_ALL, err, sizeof err)) {
		fprintf(f, "alphasim: %s\n", err);
		return;
	}
	char tool[PATH_MAX];
	paths_tool("dcpiprof", tool, sizeof tool);
	fprintf(f, "alphasim: profile %s, epoch %u: %" PRIu64 " samples (%.2f%% unknown, %"
	        PRIu64 " dropped); ", pr->db, pr->epoch,
	        fig->samples_in_db + fig->samples_unknown,
	        report_pct(fig->samples_unknown, fig->samples_in_db + fig->samples_unknown),
	        fig->samples_dropped == NONE ? 0 : fig->samples_dropped);
	shell_arg(f, tool);
	fputs(" -db ", f);
	shell_arg(f, pr->db);
	fputs(" for more\n", f);
	if (fig->pm_retired + fig->pm_killed)
		fprintf(f, "alphasim: instruction sampling: %" PRIu64 " records (%" PRIu64
		        " retired, %" PRIu64 " killed)\n",
		        fig->pm_retired + fig->pm_killed, fig->pm_retired, fig->pm_killed);
	/* per event: its images by samples */
	size_t *order = malloc((r.nimages + 1) * sizeof *order);
	for (size_t c = 0; order && c < r.ncols; c++) {
		/* instruction sampling (precise.md): its records, not the
		 * cycles and events they carry, which are for the tools */
		if (report_kind_of(r.cols[c].name) == REPORT_PM_SUMS)
			continue;
		fprintf(f, "%12s %7s  image\n", r.cols[c].name, "%");
		for (size_t i = 0; i < r.nimages; i++)
			order[i] = i;
		for (size_t i = 0; i < r.nimages && i < TOP_IMAGES; i++) {
			size_t best = i;
			for (size_t j = i + 1; j < r.nimages; j++)
				if (r.images[order[j]].samples[c] > r.images[order[best]].samples[c])
					best = j;
			size_t t = order[i];
			order[i] = order[best];
			order[best] = t;
			const struct report_image *im = &r.images[order[i]];
			if (im->samples[c])
				fprintf(f, "%12" PRIu64 " %6.2f%%  %s\n", im->samples[c],
				        report_pct(im->samples[c], r.cols[c].samples), im->path);
		}
	}
	free(order);
	/* the first event's procedures over every image */
	const struct report_paths paths = { pr->root, pr->sysroot, minios };
	struct proc_row *rows = NULL;
	size_t n = 0;
	for (size_t i = 0; r.ncols && i < r.nimages; i++)
		image_procs(&r, &paths, &r.images[i], 0, &rows, &n, f);
	if (n) {
		qsort(rows, n, sizeof *rows, proc_cmp);
		fprintf(f, "%12s %7s  procedure (image)\n", r.cols[0].name, "%");
		for (size_t i = 0; i < n && i < TOP_PROCS && rows[i].samples; i++) {
			const char *base = strrchr(rows[i].image, '/');
			fprintf(f, "%12" PRIu64 " %6.2f%%  %s (%s)\n", rows[i].samples,
			        report_pct(rows[i].samples, r.cols[0].samples), rows[i].name,
			        base ? base + 1 : rows[i].image);
		}
	}
	free(rows);
	analysis_summary(pr, &r, fig, minios, f);
	report_free(&r);
}

/* One row of the overhead table: what, the figure, the paper's target. */
static void row(FILE *f, const char *what, const char *value, const char *target)
{
	fprintf(f, "  %-36s %18s   %s\n", what, value, target);
}

void profile_overhead(const struct dcpi_figures *fig, FILE *f)
{
	char v[64];
	uint64_t intr = fig->driver_interrupts != NONE ? fig->driver_interrupts
	                                               : fig->samples_delivered;
	uint64_t all = fig->samples_in_db + fig->samples_unknown;
	fprintf(f, "alphasim: DCPI overhead, measured from the ground truth\n");
	row(f, "", "measured", "DCPI paper");
#define FIG(fmt, ...) (snprintf(v, sizeof v, fmt, __VA_ARGS__), v)
	row(f, "total overhead, % of all cycles", FIG("%.3f%%", fig->overhead_pct), "1-3%");
	row(f, "  driver (handler) cycles", FIG("%" PRIu64, fig->driver_cycles), "");
	row(f, "  daemon cycles", FIG("%" PRIu64, fig->daemon_cycles), "");
	/* The miss path (driver/sample.c's miss() and the eviction and
	 * buffer code it calls) runs out of line in the miss range, so an
	 * interrupt that hits costs the cycles outside it and one that
	 * misses those plus its share of the range; the driver counts the
	 * misses.  The range also holds the direct appends of a flush
	 * (rare: only while the daemon empties the table). */
	uint64_t misses = fig->driver_misses != NONE ? fig->driver_misses : 0;
	double hit = intr ? (double)(fig->driver_cycles - fig->miss_cycles) / (double)intr : 0;
	double hit_dm = intr ? (double)(fig->handler_dmisses - fig->miss_dmisses) / (double)intr : 0;
	double miss = misses ? (double)fig->miss_cycles / (double)misses : 0;
	double miss_dm = misses ? (double)fig->miss_dmisses / (double)misses : 0;
	row(f, "cycles per interrupt, hash hit", FIG("%.1f", hit), "");
	row(f, "cycles per interrupt, hash miss", FIG("%.1f", hit + miss), "");
	row(f, "D-cache misses per interrupt, hit", FIG("%.2f", hit_dm), "");
	row(f, "D-cache misses per interrupt, miss", FIG("%.2f", hit_dm + miss_dm), "");
	row(f, "hash misses / interrupts", FIG("%" PRIu64 " / %" PRIu64, misses, intr), "");
	row(f, "aggregation (samples / entries)", fig->entries_read == NONE ? "n/a"
	    : FIG("%.1f", fig->aggregation_factor), ">= 20 on loops");
	row(f, "unknown samples", FIG("%.3f%%", report_pct(fig->samples_unknown, all)), "< 1%");
	row(f, "driver memory", fig->memory_bytes == NONE ? "n/a"
	    : FIG("%" PRIu64 " KB", fig->memory_bytes >> 10), "");
	row(f, "database / image bytes", FIG("%" PRIu64 " / %" PRIu64, fig->db_bytes,
	    fig->image_bytes == NONE ? 0 : fig->image_bytes), ">= 10x smaller");
	row(f, "samples: delivered, in db+unknown+dropped", FIG("%" PRIu64 ", %" PRIu64,
	    fig->samples_delivered, all + (fig->samples_dropped == NONE ? 0 : fig->samples_dropped)),
	    fig->conserved ? "conserved" : "NOT conserved");
#undef FIG
}
