/*
 * opts.c - alphasim's command line (sim/opts.h): one line of the table
 * per option drives getopt_long and --help.
 */
#include "config.h"
#include "sim/opts.h"
#include "sim/profile.h"
#include "pmu/events.h"
#include "util/cmd.h"
#include "util/outfile.h"
#include "util/paths.h"
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const struct cmd_option options[] = {
	{ "help",         no_argument,       'h', NULL,   CMD_SHORT, "print this help and exit" },
	{ "version",      no_argument,       'V', NULL,   CMD_SHORT, "print the version and exit" },
	{ "disassemble",  required_argument, 'd', "FILE", 0, "disassemble FILE's text sections (objdump -d format)" },
	{ "max-insns",    required_argument, 'n', "N",    0, "stop the guest after N instructions, all CPUs together (exit status 124)" },
	{ "max-cycles",   required_argument, 'y', "N",    0, "stop the guest when every CPU's clock reaches N cycles (exit status 124)" },
	{ "mem",          required_argument, 'm', "MB",   0, "physical memory size in MB (default 256; the mem_mb parameter)" },
	{ "model",        required_argument, 'M', "ev5|ev56", 0, "the CPU: ev5 (21164, default) or ev56 (21164A): AMASK value" },
	{ "cpus",         required_argument, 'N', "N",    0, "simulate N processors, 1 to 8 (default 1; the cpus parameter)" },
	{ "root",         required_argument, 'R', "DIR",  0, "hostfs: the guest's file tree (default: the current directory)" },
	{ "write-limit",  required_argument, 'L', "MB",   0, "the guest's writes may add at most MB to the files under its root and mounts, all together (default 4096; then ENOSPC; the write_limit_mb parameter)" },
	{ "sysroot",      required_argument, 'S', "DIR",  0, "hostfs: the cross sysroot, read-only (default " PATHS_DEFAULT_SYSROOT ")" },
	{ "timing",       required_argument, 'T', "on|off", 0, "the 21164 timing model (default on); off runs the functional core alone" },
	{ "param",        required_argument, 'c', "KEY=VALUE", CMD_SHORT, "set a machine parameter (see --print-config)" },
	{ "config",       required_argument, 'C', "FILE", 0, "read machine parameters from FILE: 'key = value' lines, # comments" },
	{ "print-config", no_argument,       'P', NULL,   0, "print the machine parameters in effect and exit" },
	{ "stats",        required_argument, 's', "FILE", 0, "write run statistics as JSON to FILE" },
	{ "truth",        required_argument, 't', "FILE", 0, "write the ground truth per instruction to FILE (docs/truth-format.md)" },
	{ "skid-trace",   required_argument, 'K', "FILE", 0, "write a CSV row per counter overflow to FILE (docs/pmu.md)" },
	{ "minios",       required_argument, 'O', "FILE", 0, "the minios kernel that runs Linux/Alpha programs (default: its own, in its build tree or installed beside it)" },
	{ "profile",      optional_argument, 'p', "[=DIR]", 0, "profile the program with DCPI (no program: the default workload) into database DIR (default ./" PROFILE_DEFAULT_DIR ", any writable directory) and DIR.truth" },
	{ "events",       required_argument, 'e', "LIST", 0, "--profile: the events to sample, EVENT[:PERIOD],... (default cycles,imiss, DCPI's;\n"
	                                                     "the events are listed below, the syntax in docs/dcpi-db.md); pm[:PERIOD][:WORD]... adds\n"
	                                                     "instruction sampling, an alphasim extension (docs/precise.md)" },
	{ "overhead",     no_argument,       'o', NULL,   0, "--profile: print what the collection cost, measured from the ground truth" },
	{ "seed",         required_argument, 'r', "N",    0, "--profile: seed the sampling driver's period generator with N, 1 or more (default: the driver's)" },
	{ "trace-syscalls", no_argument,     'Z', NULL,   0, "minios prints each system call of the guest (number, name, arguments, result) on stderr" },
	{ "quiet",        no_argument,       'q', NULL,   CMD_SHORT, "do not print the run summary on stderr (nor the progress line)" },
	{ "progress",     no_argument,       'U', NULL,   0, "show the run's progress on stderr, refreshed a few times a second (default: when\n"
	                                                     "stderr is a terminal and not --quiet)" },
	{ "no-progress",  no_argument,       'u', NULL,   0, "do not show the progress line" },
	{ "view",         no_argument,       'W', NULL,   0, "show the run in a window as it goes (docs/view.md; keys: space pause/run,\n"
	                                                     "n step a block, + faster, - slower, q quit)" },
	{ "view-exit",    no_argument,       'X', NULL,   0, "--view: close the window when the run ends (default: wait for q)" },
	{ "view-png",     required_argument, 'G', "FILE", 0, "write the view's picture to FILE: at --view-at, or with --view when the window closes" },
	{ "view-at",      required_argument, 'A', "CYCLE", 0, "--view-png: draw the picture once the clocks reach CYCLE, without a window" },
};
enum { NOPT = sizeof options / sizeof options[0] };

void sim_opts_help(FILE *f)
{
	fprintf(f, "usage: alphasim [options] FILE [ARGS...]\n"
	           "       alphasim --disassemble FILE\n\n"
	           "Runs an Alpha program on a simulated Alpha 21164.\n\noptions:\n");
	cmd_help(f, options, NOPT, 24);
	/* the names --events takes: pmu/events.def's, wrapped */
	fprintf(f, "\nevents (--events):");
	for (int e = 0, col = 80; e < PEV_COUNT; e++) {
		int w = (int)strlen(pmu_events[e].name) + 1;
		if (col + w > 78) {
			fprintf(f, "\n ");
			col = 1;
		}
		fprintf(f, " %s", pmu_events[e].name);
		col += w;
	}
	fputc('\n', f);
	fprintf(f, "\nexit status: the guest's; 124 --max-insns, --max-cycles or --view's q; 125 usage or input\n"
	           "error; 126 unhandled exception in a program without PALcode; --profile: 70 the\n"
	           "samples do not add up, 69 the program killed dcpid, 75 another run holds DIR.\n");
}

int sim_stdout_status(void)
{
	char err[256];
	if (outfile_flush_stdout(err, sizeof err))
		return 0;
	fprintf(stderr, "alphasim: %s\n", err);
	return EXIT_USAGE;
}

/* A usage error: the line, then where to look. */
static _Noreturn void die_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "alphasim: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'alphasim --help'.\n");
	exit(EXIT_USAGE);
}

static uint64_t parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max)
{
	uint64_t v;
	if (!params_number(s, &v) || v < min || v > max)
		cmd_die(EXIT_USAGE, "bad value '%s' for --%s (want %llu..%llu)", s, opt,
		        (unsigned long long)min, (unsigned long long)max);
	return v;
}

/* One of the words of want ("on", "off"): its index. */
static int one_of(const char *opt, const char *s, const char *const want[2])
{
	for (int i = 0; i < 2; i++)
		if (!strcmp(s, want[i]))
			return i;
	fprintf(stderr, "alphasim: bad value '%s' for --%s (want %s or %s)\n"
	        "Try 'alphasim --help'.\n", s, opt, want[0], want[1]);
	exit(EXIT_USAGE);
}

/* One option and its argument into o; false for an unknown one. */
static bool take(struct sim_opts *o, int opt, const char *arg)
{
	char err[PATH_MAX + 512];
	bool ok = true;
	switch (opt) {
	case 'd': o->disasm = arg; break;
	case 'n': o->max_insns = parse_u64("max-insns", arg, 1, UINT64_MAX); break;
	case 'y': o->max_cycles = parse_u64("max-cycles", arg, 1, UINT64_MAX); break;
	case 'm': ok = params_set_key(&o->params, "mem_mb", arg, "--mem", err, sizeof err); break;
	case 'N': ok = params_set_key(&o->params, "cpus", arg, "--cpus", err, sizeof err); break;
	case 'L':
		ok = params_set_key(&o->params, "write_limit_mb", arg, "--write-limit", err,
		                    sizeof err);
		break;
	case 'R': o->root = arg; break;
	case 'S': o->sysroot = arg; break;
	case 'M': o->model = one_of("model", arg, (const char *const[]){ "ev5", "ev56" }) ? 56 : 5; break;
	case 'T': o->timing = !one_of("timing", arg, (const char *const[]){ "on", "off" }); break;
	case 'c': ok = params_set(&o->params, arg, err, sizeof err); break;
	case 'C': ok = params_load(&o->params, arg, err, sizeof err); break;
	case 'P': o->print_config = true; break;
	case 's': o->out_path[SIM_OUT_STATS] = arg; break;
	case 't': o->out_path[SIM_OUT_TRUTH] = arg; break;
	case 'K': o->out_path[SIM_OUT_SKID] = arg; break;
	case 'O': o->minios = arg; break;
	case 'q': o->quiet = true; break;
	case 'U': o->progress = PROGRESS_ON; break;
	case 'u': o->progress = PROGRESS_OFF; break;
	case 'X': o->view_exit = true; break;
	case 'Z': o->trace_syscalls = true; break;
	case 'p': o->profile = true; o->profile_dir = arg; break;
	case 'e': o->events = arg; break;
	case 'o': o->overhead = true; break;
	case 'r': o->seed = parse_u64("seed", arg, 1, UINT64_MAX); break;
	case 'W': o->view = true; break;
	case 'G': o->view_png = arg; break;
	case 'A': o->view_at = parse_u64("view-at", arg, 1, UINT64_MAX); break;
	default:  return false;
	}
	/* a bad parameter or config file: one line, status 125 */
	if (!ok)
		cmd_die(EXIT_USAGE, "%s", err);
	return true;
}

enum sim_action sim_opts_parse(struct sim_opts *o, int argc, char **argv)
{
	*o = (struct sim_opts){ .model = 5, .root = ".", .timing = true };
	params_default(&o->params);
	struct option lopt[NOPT + 1];
	char sopt[3 * NOPT + 2];
	cmd_getopt_tables(options, NOPT, "+", lopt, sopt);
	for (int opt; (opt = getopt_long(argc, argv, sopt, lopt, NULL)) != -1;) {
		const struct cmd_option *co = cmd_option_of(options, NOPT, opt);
		/* an option that takes a file or directory refuses an empty
		 * name at once, naming the option */
		if (optarg && !*optarg && co && co->arg &&
		    (strstr(co->arg, "FILE") || strstr(co->arg, "DIR")))
			die_usage("--%s: empty file name", co->name);
		if (opt == 'h')
			return SIM_HELP;
		if (opt == 'V')
			return SIM_VERSION;
		if (!take(o, opt, optarg)) {
			fprintf(stderr, "Try 'alphasim --help'.\n");
			exit(EXIT_USAGE);
		}
	}
	o->argc = argc - optind;
	o->argv = argv + optind;
	char err[PATH_MAX + 512];
	if (o->disasm) {
		if (o->argc)
			die_usage("--disassemble takes one FILE, not a program to run ('%s')",
			          o->argv[0]);
		return SIM_DISASSEMBLE;
	}
	if (!params_check(&o->params, err, sizeof err))
		cmd_die(EXIT_USAGE, "%s", err);
	if (o->print_config)
		return SIM_PRINT_CONFIG;
	if (o->argc && !*o->argv[0])
		die_usage("%s", "empty program name");
	/* "--profile DIR": getopt takes an optional argument only after '=',
	 * so DIR came as the program; a directory is never one */
	struct stat st;
	if (o->profile && !o->profile_dir && o->argc && stat(o->argv[0], &st) == 0 &&
	    S_ISDIR(st.st_mode))
		cmd_die(EXIT_USAGE, "--profile %s: %s is a directory, not a program: use "
		        "--profile=%s", o->argv[0], o->argv[0], o->argv[0]);
	/* and a new DIR is no file at all, while the program after it is
	 * (a missing program is an error anyway: docs/usage.md, "Exit
	 * status") */
	if (o->profile && !o->profile_dir && o->argc > 1 && stat(o->argv[0], &st) != 0 &&
	    errno == ENOENT && stat(o->argv[1], &st) == 0 && S_ISREG(st.st_mode))
		cmd_die(EXIT_USAGE, "--profile %s %s: %s: no such program; a database "
		        "directory goes as --profile=%s", o->argv[0], o->argv[1], o->argv[0],
		        o->argv[0]);
	if (o->out_path[SIM_OUT_TRUTH] && !o->timing)
		die_usage("%s", "--truth needs the timing model (--timing=on)");
	if (o->profile && !o->timing)
		die_usage("%s", "--profile needs the timing model (--timing=on)");
	if (!o->profile && (o->events || o->overhead || o->seed))
		die_usage("%s", "--events, --overhead and --seed need --profile");
	if (!o->argc && !o->profile)
		die_usage("%s", "no program given");
	if ((o->view || o->view_png) && !o->timing)
		die_usage("%s", "--view and --view-png need the timing model (--timing=on)");
	if (o->view_exit && !o->view)
		die_usage("%s", "--view-exit goes with --view");
	if (o->view_png && !o->view && !o->view_at)
		die_usage("%s", "--view-png needs --view-at CYCLE (or --view)");
	if (o->view_at && (o->view || !o->view_png))
		die_usage("%s", "--view-at goes with --view-png alone (the picture without a window)");
	return SIM_RUN;
}
