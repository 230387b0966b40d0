/*
 * main.c - the alphasim command line.
 *
 *   alphasim [options] FILE [ARGS...]     run FILE on the simulated 21164
 *   alphasim --disassemble FILE           disassemble FILE like objdump -d
 *
 *   alphasim --profile[=DIR] [FILE ARGS...]   ... under DCPI (sim/profile.c)
 *
 * Exit status: the guest's, or 124 when --max-insns or --max-cycles
 * stopped it, 125 for a usage or input error, 126 when a bare-metal
 * guest took an exception with no PALcode to handle it, 70 when a
 * --profile run's samples do not add up (docs/usage.md).
 */
#include "config.h"
#include "sim/boot.h"
#include "sim/dev.h"
#include "sim/disasm.h"
#include "sim/loader.h"
#include "sim/machine.h"
#include "sim/pal.h"
#include "sim/profile.h"
#include "sim/stats.h"
#include "sim/truth.h"
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern char **environ;

/* EXIT_PROFILE: sysexits.h's EX_SOFTWARE, an internal error: samples lost
 * between the PMU and the database are a bug of the collection. */
enum { EXIT_PROFILE = 70, EXIT_LIMIT = 124, EXIT_USAGE = 125, EXIT_STUCK = 126 };

#define DEFAULT_SYSROOT "/usr/alpha-linux-gnu"

/* The options, as data: one line each drives getopt and --help.
 * X(long name, argument, short or code, argument name, help) */
#define OPTIONS(X) \
	X("help",         no_argument,       'h', NULL,   "print this help and exit") \
	X("version",      no_argument,       'V', NULL,   "print the version and exit") \
	X("disassemble",  required_argument, 'd', "FILE", "disassemble FILE's text sections (objdump -d format)") \
	X("max-insns",    required_argument, 'n', "N",    "stop the guest after N instructions, all CPUs together (exit status 124)") \
	X("max-cycles",   required_argument, 'y', "N",    "stop the guest when every CPU's clock reaches N cycles (exit status 124)") \
	X("mem",          required_argument, 'm', "MB",   "physical memory size in MB (default 256; the mem_mb parameter)") \
	X("model",        required_argument, 'M', "CPU",  "ev5 (21164, default) or ev56 (21164A): AMASK value") \
	X("cpus",         required_argument, 'N', "N",    "simulate N processors, 1 to 8 (default 1; the cpus parameter)") \
	X("root",         required_argument, 'R', "DIR",  "hostfs: the guest's file tree (default: the current directory)") \
	X("sysroot",      required_argument, 'S', "DIR",  "hostfs: the cross sysroot, read-only (default " DEFAULT_SYSROOT ")") \
	X("timing",       required_argument, 'T', "on|off", "the 21164 timing model (default on); off runs the functional core alone") \
	X("param",        required_argument, 'c', "KEY=VALUE", "set a machine parameter (see --print-config)") \
	X("config",       required_argument, 'C', "FILE", "read machine parameters from FILE: 'key = value' lines, # comments") \
	X("print-config", no_argument,       'P', NULL,   "print the machine parameters in effect and exit") \
	X("stats",        required_argument, 's', "FILE", "write run statistics as JSON to FILE") \
	X("truth",        required_argument, 't', "FILE", "write the ground truth per instruction to FILE (docs/truth-format.md)") \
	X("skid-trace",   required_argument, 'K', "FILE", "write a CSV row per counter overflow to FILE (docs/pmu.md)") \
	X("minios",       required_argument, 'O', "FILE", "the minios kernel that runs Linux/Alpha programs (default: the build's, docs/minios.md)") \
	X("profile",      optional_argument, 'p', "[=DIR]", "profile the program with DCPI (no program: the default workload) into database DIR (default ./" PROFILE_DEFAULT_DIR ", inside --root) and DIR.truth") \
	X("events",       required_argument, 'e', "LIST", "--profile: the events to sample, EVENT[:PERIOD],... (default cycles; see dcpid --help)") \
	X("overhead",     no_argument,       'o', NULL,   "--profile: print what the collection cost, measured from the ground truth") \
	X("trace-syscalls", no_argument,     'Z', NULL,   "minios prints each system call of the guest (number, name, arguments, result) on stderr") \
	X("quiet",        no_argument,       'q', NULL,   "do not print the run summary on stderr")

static const struct option long_opts[] = {
#define X(name, has, val, arg, help) { name, has, NULL, val },
	OPTIONS(X)
#undef X
	{ NULL, 0, NULL, 0 }
};

/* Between an option and its argument's name: "--stats FILE", but
 * "--profile[=DIR]" for an optional one. */
static const char *sep(const char *arg)
{
	return arg && arg[0] != '[' ? " " : "";
}

static void usage(FILE *f)
{
	fprintf(f, "usage: alphasim [options] FILE [ARGS...]\n"
	           "       alphasim --disassemble FILE\n\n"
	           "Runs an Alpha program on a simulated Alpha 21164.\n\noptions:\n");
	char left[64];
#define X(name, has, val, arg, help) \
	snprintf(left, sizeof left, "%s--%s%s%s", val == 'c' ? "-c, " : "", name, \
	         sep(arg), arg ? arg : ""); \
	fprintf(f, "  %-24s %s\n", left, help);
	OPTIONS(X)
#undef X
	fprintf(f, "\nexit status: the guest's; 124 --max-insns or --max-cycles reached; 125 usage or input\n"
	           "error; 126 unhandled exception in a program without PALcode; 70 a --profile run's\n"
	           "samples do not add up.\n");
}

/* A bad parameter, config file or output: one line, status 125. */
static _Noreturn void die_input(const char *msg)
{
	fprintf(stderr, "alphasim: %s\n", msg);
	exit(EXIT_USAGE);
}

static _Noreturn void die_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "alphasim: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'alphasim --help'.\n");
	exit(EXIT_USAGE);
}

static uint64_t parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || end == s || *end || s[0] == '-' || v < min || v > max) {
		fprintf(stderr, "alphasim: bad value '%s' for --%s (want %llu..%llu)\n",
		        s, opt, (unsigned long long)min, (unsigned long long)max);
		exit(EXIT_USAGE);
	}
	return v;
}

/* An output written whole or not at all: FILE.tmp, renamed at the end. */
static FILE *open_tmp(const char *path, char *tmp, size_t len)
{
	snprintf(tmp, len, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		fprintf(stderr, "alphasim: %s: %s\n", path, strerror(errno));
	return f;
}

static bool close_tmp(FILE *f, const char *tmp, const char *path)
{
	if (ferror(f) | fclose(f) || rename(tmp, path)) {
		fprintf(stderr, "alphasim: %s: %s\n", path, strerror(errno));
		remove(tmp);
		return false;
	}
	return true;
}

/* The truth file, with the machine description and per-CPU totals. */
static bool write_truth(const char *path, struct machine *m)
{
	uint64_t cycles[MAX_CPUS], insns[MAX_CPUS];
	for (unsigned i = 0; i < m->ncpus; i++) {
		const struct cpu *c = m->cpu[i];
		cycles[i] = cpu_cycles(c);
		insns[i] = cpu_insns(c);
	}
	size_t n = params_text(&m->params, NULL, 0) + 1;
	char *text = malloc(n);
	if (!text) {
		fprintf(stderr, "alphasim: %s: out of host memory\n", path);
		return false;
	}
	params_text(&m->params, text, n);
	bool ok = truth_write(m->truth, path, text, m->ncpus, cycles, insns,
	                      m->hints, m->nhints);
	free(text);
	return ok;
}

int main(int argc, char **argv)
{
	uint64_t max_insns = 0, max_cycles = 0, model = 5;
	const char *stats_path = NULL, *truth_path = NULL;
	const char *root = ".", *sysroot = NULL;
	const char *skid_path = NULL, *minios_path = NULL;
	const char *profile_dir = NULL, *events = NULL;
	bool quiet = false, timing = true, print_config = false;
	bool profile = false, overhead = false, trace_syscalls = false;
	struct params params;
	char err[512];
	int opt;

	params_default(&params);
	while ((opt = getopt_long(argc, argv, "+hVqc:", long_opts, NULL)) != -1) {
		switch (opt) {
		case 'h': usage(stdout); return 0;
		case 'V': printf("alphasim %s\n", PACKAGE_VERSION); return 0;
		case 'd': return disasm_file(optarg, stdout) ? EXIT_USAGE : 0;
		case 'n': max_insns = parse_u64("max-insns", optarg, 1, UINT64_MAX); break;
		case 'y': max_cycles = parse_u64("max-cycles", optarg, 1, UINT64_MAX); break;
		case 'm': params.mem_mb = parse_u64("mem", optarg, 1, 1u << 20); break;
		case 'N': params.cpus = parse_u64("cpus", optarg, 1, MAX_CPUS); break;
		case 'R': root = optarg; break;
		case 'S': sysroot = optarg; break;
		case 'M':
			if (!strcmp(optarg, "ev5"))
				model = 5;
			else if (!strcmp(optarg, "ev56"))
				model = 56;
			else
				die_usage("bad value '%s' for --model (want ev5 or ev56)", optarg);
			break;
		case 'T':
			if (!strcmp(optarg, "on"))
				timing = true;
			else if (!strcmp(optarg, "off"))
				timing = false;
			else
				die_usage("bad value '%s' for --timing (want on or off)", optarg);
			break;
		case 'c':
			if (!params_set(&params, optarg, err, sizeof err))
				die_input(err);
			break;
		case 'C':
			if (!params_load(&params, optarg, err, sizeof err))
				die_input(err);
			break;
		case 'P': print_config = true; break;
		case 's': stats_path = optarg; break;
		case 't': truth_path = optarg; break;
		case 'K': skid_path = optarg; break;
		case 'O': minios_path = optarg; break;
		case 'q': quiet = true; break;
		case 'Z': trace_syscalls = true; break;
		case 'p': profile = true; profile_dir = optarg; break;
		case 'e': events = optarg; break;
		case 'o': overhead = true; break;
		default:  fprintf(stderr, "Try 'alphasim --help'.\n"); return EXIT_USAGE;
		}
	}
	if (!params_check(&params, err, sizeof err))
		die_input(err);
	if (print_config) {
		params_print(&params, stdout);
		return 0;
	}
	if (truth_path && !timing)
		die_usage("%s", "--truth needs the timing model (--timing=on)");
	if (profile && !timing)
		die_usage("%s", "--profile needs the timing model (--timing=on)");
	if (!profile && (events || overhead))
		die_usage("%s", "--events and --overhead need --profile");
	if (optind >= argc && !profile)
		die_usage("%s", "no program given");

	/* --profile: minios runs dcpid, which runs the program (sim/profile.c) */
	struct profile_run pr = { 0 };
	char minios_buf[4096];
	int boot_argc = argc - optind, path_arg = 0;
	char **boot_argv = argv + optind;
	if (profile) {
		const char *prog = optind < argc ? argv[optind] : NULL;
		if (prog) {
			struct elf_file *pf = elf_open(prog, err, sizeof err);
			bool bare = pf && elf_is_bare(pf);
			if (pf)
				elf_close(pf);
			if (!pf || bare)
				die_input(pf ? "--profile runs Linux/Alpha programs on minios, "
				               "not bare-metal ones" : err);
		}
		if (!profile_prepare(&pr, profile_dir, root, sysroot ? sysroot : DEFAULT_SYSROOT,
		                     events, prog, boot_argc, boot_argv, err, sizeof err) ||
		    (!minios_path && !boot_find_minios(minios_buf, sizeof minios_buf, err, sizeof err)))
			die_input(err);
		if (!minios_path)
			minios_path = minios_buf;
		if (!truth_path)
			truth_path = pr.truth;
		boot_argc = pr.argc;
		boot_argv = pr.argv;
		path_arg = pr.path_arg;
	}
	const char *path = profile ? pr.dcpid : argv[optind];
	struct elf_file *f = elf_open(path, err, sizeof err);
	if (!f) {
		fprintf(stderr, "alphasim: %s\n", err);
		return EXIT_USAGE;
	}
	bool linux_prog = !elf_is_bare(f);
	struct machine *m = machine_new(params.mem_mb << 20, (unsigned)params.cpus);
	if (!m) {
		fprintf(stderr, "alphasim: cannot allocate %llu MB of guest memory\n",
		        (unsigned long long)params.mem_mb);
		return EXIT_USAGE;
	}
	m->ev_model = model;
	m->params = params;
	/* hostfs: a bad tree the user named is an error; a missing default
	 * sysroot just leaves that mount out */
	if (!hostfs_mount(&m->hostfs, HOSTFS_MNT_ROOT, root, false, err, sizeof err) ||
	    (!hostfs_mount(&m->hostfs, HOSTFS_MNT_SYSROOT, sysroot ? sysroot : DEFAULT_SYSROOT,
	                   true, err, sizeof err) && sysroot)) {
		fprintf(stderr, "alphasim: --%s: %s\n",
		        m->hostfs.root[HOSTFS_MNT_ROOT] < 0 ? "root" : "sysroot", err);
		elf_close(f);
		machine_free(m);
		return EXIT_USAGE;
	}
	if (timing && !machine_timing_on(m, truth_path != NULL)) {
		fprintf(stderr, "alphasim: out of host memory for the timing model\n");
		machine_free(m);
		return EXIT_USAGE;
	}
	bool loaded;
	if (linux_prog) {
		/* A Linux/Alpha program: minios runs it (docs/minios.md).  The
		 * user's tree is the guest's root. */
		elf_close(f);
		const struct boot_mount mounts[] = { { HOSTFS_MNT_ROOT, root, "/", NULL } };
		struct boot_config bc = {
			.minios = minios_path, .program = path,
			.argc = boot_argc, .argv = boot_argv, .path_arg = path_arg, .envp = environ,
			.fs = &m->hostfs, .mounts = mounts,
			.nmounts = sizeof mounts / sizeof mounts[0],
			.sysroot = m->hostfs.root[HOSTFS_MNT_SYSROOT] < 0 ? NULL
			           : sysroot ? sysroot : DEFAULT_SYSROOT,
			.sysroot_mnt = HOSTFS_MNT_SYSROOT,
			.seed = 1, .epoch_s = 946684800, .quiet = quiet,
			.trace_syscalls = trace_syscalls,
		};
		loaded = boot_linux(m, &bc, err, sizeof err);
		/* the other CPUs start where CPU 0 does, with no boot block:
		 * minios's PAL reset sends them to wait for CPU 0 */
		for (unsigned i = 1; loaded && i < m->ncpus; i++)
			cpu_reset_bare(m->cpu[i], m->cpu[0]->pc);
	} else {
		uint64_t entry;
		loaded = elf_load_bare(f, m, &entry, err, sizeof err);
		elf_close(f);
		for (unsigned i = 0; loaded && i < m->ncpus; i++)
			cpu_reset_bare(m->cpu[i], entry);
	}
	if (!loaded) {
		fprintf(stderr, "alphasim: %s\n", err);
		machine_free(m);
		return EXIT_USAGE;
	}

	/* the skid trace goes to FILE.tmp, renamed at the end */
	char skid_tmp[4096];
	FILE *skid = skid_path ? open_tmp(skid_path, skid_tmp, sizeof skid_tmp) : NULL;
	if (skid_path && !skid) {
		machine_free(m);
		return EXIT_USAGE;
	}
	if (skid)
		pmu_skid_header(skid);
	pal_configure(m, skid);

	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	enum cpu_stop why = machine_run(m, max_insns, max_cycles);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fflush(stdout);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;

	struct cpu *c = m->cpu[m->stop_cpu];
	int status = m->exit_status;
	if (why == STOP_LIMIT) {
		fprintf(stderr, "alphasim: %s: stopped after %llu instructions (--max-insns)\n",
		        path, (unsigned long long)max_insns);
		status = EXIT_LIMIT;
	} else if (why == STOP_CYCLES) {
		/* slices end between instructions, so the clock may pass N */
		fprintf(stderr, "alphasim: %s: stopped at cycle %llu (--max-cycles %llu)\n",
		        path, (unsigned long long)cpu_cycles(c), (unsigned long long)max_cycles);
		status = EXIT_LIMIT;
	} else if (why == STOP_NOPAL) {
		fprintf(stderr, "alphasim: %s: CPU %u: unhandled %s exception at pc 0x%016llx "
		        "(EXC_SUM 0x%llx, VA 0x%llx) and no PALcode to take it\n",
		        path, c->id, pal_entry_name(c->nopal_entry),
		        (unsigned long long)c->ipr[IPR_EXC_ADDR],
		        (unsigned long long)c->ipr[IPR_EXC_SUM],
		        (unsigned long long)c->ipr[IPR_VA]);
		status = EXIT_STUCK;
	} else if (why == STOP_IDLE) {
		fprintf(stderr, "alphasim: %s: every CPU waits for an interrupt (simctl WAIT) "
		        "and nothing can raise one\n", path);
		status = EXIT_STUCK;
	}
	bool skid_ok = !skid || close_tmp(skid, skid_tmp, skid_path);
	/* the collection's figures, if dcpid finished */
	struct dcpi_figures fig;
	bool measured = profile && why == STOP_EXIT;
	if (measured && !profile_measure(&pr, m, minios_path, &fig, err, sizeof err)) {
		fprintf(stderr, "alphasim: --profile: %s\n", err);
		measured = false;
		status = EXIT_PROFILE;
	}
	if (measured && !fig.conserved) {
		fprintf(stderr, "alphasim: --profile: samples not conserved (a bug of the "
		        "collection): the PMU delivered %llu, the database holds %llu in images "
		        "+ %llu unknown, the driver dropped %llu\n",
		        (unsigned long long)fig.samples_delivered,
		        (unsigned long long)fig.samples_in_db,
		        (unsigned long long)fig.samples_unknown,
		        (unsigned long long)fig.samples_dropped);
		status = EXIT_PROFILE;
	}
	if (!skid_ok || (stats_path && !stats_write(stats_path, m, secs, measured ? &fig : NULL)) ||
	    (truth_path && !write_truth(truth_path, m))) {
		machine_free(m);
		return EXIT_USAGE;
	}
	if (!quiet) {
		/* all CPUs together; cycles are the longest CPU's */
		uint64_t cnt[CNT_N] = { 0 }, cycles = 0, total = 0;
		for (unsigned i = 0; i < m->ncpus; i++) {
			for (unsigned k = 0; k < CNT_N; k++)
				cnt[k] += m->cpu[i]->icount[k];
			total += cpu_cycles(m->cpu[i]);
			if (cpu_cycles(m->cpu[i]) > cycles)
				cycles = cpu_cycles(m->cpu[i]);
		}
		uint64_t n = machine_insns(m);
		char on[24] = "";
		if (m->ncpus > 1)
			snprintf(on, sizeof on, " on %u CPUs", m->ncpus);
		fprintf(stderr, "alphasim: %llu instructions (user %llu, kernel %llu, pal %llu), "
		        "%llu cycles (CPI %.2f)%s, %.3f s, %.1f MIPS\n",
		        (unsigned long long)n, (unsigned long long)cnt[CNT_USER],
		        (unsigned long long)cnt[CNT_KERNEL], (unsigned long long)cnt[CNT_PAL],
		        (unsigned long long)cycles, n ? (double)total / n : 0.0, on,
		        secs, secs > 0 ? n / secs / 1e6 : 0.0);
		if (measured)
			profile_summary(&pr, &fig, minios_path, stderr);
	}
	if (measured && overhead)
		profile_overhead(&fig, stderr);
	profile_free(&pr);
	machine_free(m);
	return status;
}
