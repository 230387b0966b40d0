/*
 * main.c - the alphasim command line.
 *
 *   alphasim [options] FILE [ARGS...]     run FILE on the simulated 21164
 *   alphasim --disassemble FILE           disassemble FILE like objdump -d
 *
 *   alphasim --profile[=DIR] [FILE ARGS...]   ... under DCPI (sim/profile.c)
 *
 * The options: sim/opts.c; a run: sim/run.c.  Exit status: the guest's,
 * or 124 when --max-insns or --max-cycles stopped it, 125 for a usage or
 * input error, 126 when a bare-metal guest took an exception with no
 * PALcode to handle it, 70 when a --profile run's samples do not add up
 * (docs/usage.md).
 */
#include "config.h"
#include "isa/disasm.h"
#include "sim/opts.h"
#include "sim/run.h"

int main(int argc, char **argv)
{
	struct sim_opts o;
	switch (sim_opts_parse(&o, argc, argv)) {
	case SIM_HELP:
		sim_opts_help(stdout);
		return sim_stdout_status();
	case SIM_VERSION:
		printf("alphasim %s\n", PACKAGE_VERSION);
		return sim_stdout_status();
	case SIM_DISASSEMBLE:
		return disasm_file(o.disasm, stdout) ? EXIT_USAGE : 0;
	case SIM_PRINT_CONFIG:
		params_print(&o.params, stdout);
		return sim_stdout_status();
	case SIM_RUN:
		break;
	}
	return sim_run(&o);
}
