# sim/: the simulator library and the alphasim program.
noinst_LIBRARIES += sim/libsim.a
sim_libsim_a_SOURCES = \
	isa/isa.h isa/isa.c isa/insns.def \
	chip/ipr.h chip/ipr.c chip/ipr.def \
	chip/cpu.h chip/cpu.c chip/bus.h chip/bus.c \
	chip/mem.h chip/mem.c \
	platform/machine.h platform/machine.c \
	platform/dev.h platform/dev_console.c platform/dev_simctl.c platform/dev_timer.c \
	platform/dev_ipi.c platform/dev_hostfs.c platform/hostfs.h platform/hostfs.c \
	platform/wait.h platform/wait.c \
	chip/exec.h chip/exec_int.c chip/exec_mem.c chip/exec_ctl.c \
	chip/exec_ext.c chip/exec_fp.c chip/exec_pal.c \
	isa/fpu.h isa/fpu.c \
	platform/loader.h platform/loader.c \
	isa/disasm.h isa/disasm.c isa/disasm_file.c isa/palcall.def isa/elf.h isa/elf.c \
	obs/stats.h obs/stats.c obs/skid.h obs/skid.c obs/figures.h obs/figures.c util/outfile.h util/outfile.c util/fail.h util/paths.h util/paths.c util/xalloc.h util/xalloc.c util/cmd.h util/cmd.c \
	timing/params.h timing/params.c timing/params.def \
	timing/causes.h timing/issue.h timing/issue.c \
	chip/timing.h chip/timing.c chip/cpu_timed.c \
	timing/cache.h timing/cache.c timing/memsys.h timing/memsys.c timing/fetch.h timing/fetch.c \
	timing/bpred.h timing/bpred.c timing/record.h chip/tlb.h chip/tlb.c obs/truth.h obs/truth.c
# PAL mode, IPRs, interrupts (docs/pal.md)
sim_libsim_a_SOURCES += chip/pal.h chip/pal.c chip/intr.h chip/intr.c
sim_libsim_a_CFLAGS = $(AM_CFLAGS) -O2 $(LIBELF_CFLAGS)

bin_PROGRAMS += sim/alphasim
# --profile (sim/profile.c) reads the database with dcpiprof's code.
sim_alphasim_SOURCES = sim/main.c sim/profile.h sim/profile.c
sim_alphasim_CFLAGS = $(AM_CFLAGS) -O2 $(LIBELF_CFLAGS)
sim_alphasim_LDADD = analysis/libreport.a daemon/libprofdb.a sim/libsim.a \
	pmu/libpmu.a $(LIBELF_LIBS) -lm

# The guest programs --profile runs, installed beside minios.elf where
# boot_find_file looks for them.
profiledir = $(pkglibdir)
profile_DATA = daemon/dcpid.lnx testprogs/demo.lnx
