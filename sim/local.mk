# sim/: the simulator library and the alphasim program.
noinst_LIBRARIES += sim/libsim.a
sim_libsim_a_SOURCES = \
	sim/isa.h sim/isa.c sim/insns.def \
	sim/ipr.h sim/ipr.c sim/ipr.def \
	sim/cpu.h sim/cpu.c \
	sim/mem.h sim/mem.c \
	sim/machine.h sim/machine.c \
	sim/dev.h sim/dev_console.c sim/dev_simctl.c sim/dev_timer.c \
	sim/dev_ipi.c sim/dev_hostfs.c sim/hostfs.h sim/hostfs.c \
	sim/wait.h sim/wait.c \
	sim/exec.h sim/exec_int.c sim/exec_mem.c sim/exec_ctl.c \
	sim/exec_ext.c sim/exec_fp.c sim/exec_pal.c \
	sim/fpu.h sim/fpu.c \
	sim/loader.h sim/loader.c \
	sim/disasm.h sim/disasm.c sim/disasm_file.c sim/palcall.def \
	sim/stats.h sim/stats.c sim/outfile.h sim/outfile.c \
	sim/params.h sim/params.c sim/params.def \
	sim/causes.h sim/issue.h sim/issue.c \
	sim/timing.h sim/timing.c sim/cpu_timed.c \
	sim/cache.h sim/cache.c sim/memsys.h sim/memsys.c sim/fetch.h sim/fetch.c \
	sim/bpred.h sim/bpred.c sim/tlb.h sim/tlb.c sim/truth.h sim/truth.c
# PAL mode, IPRs, interrupts (docs/pal.md)
sim_libsim_a_SOURCES += sim/pal.h sim/pal.c sim/intr.h sim/intr.c
sim_libsim_a_CFLAGS = $(AM_CFLAGS) -O2 $(LIBELF_CFLAGS)

bin_PROGRAMS += sim/alphasim
# --profile (sim/profile.c) reads the database with dcpiprof's code, and
# summarises it with the analysis's (analysis/session.h).
sim_alphasim_SOURCES = sim/main.c sim/profile.h sim/profile.c
sim_alphasim_CFLAGS = $(AM_CFLAGS) -O2 $(LIBELF_CFLAGS)
sim_alphasim_LDADD = analysis/libanalysis.a analysis/libreport.a daemon/libprofdb.a sim/libsim.a \
	pmu/libpmu.a $(LIBELF_LIBS) -lm

# The guest programs --profile runs, installed beside minios.elf where
# boot_find_file looks for them.
profiledir = $(pkglibdir)
profile_DATA = daemon/dcpid.lnx testprogs/accuracy/workload.lnx
