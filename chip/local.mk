# chip/: the 21164 (docs/pal.md): architectural state and the run
# loops, functional and timed; IPRs and PAL mode, interrupts, TBs,
# memory access, the execution handlers; the bus to what the CPUs share.
noinst_LIBRARIES += chip/libchip.a
chip_libchip_a_SOURCES = chip/cpu.h chip/cpu.c chip/bus.h chip/bus.c \
	chip/ipr.h chip/ipr.c chip/ipr.def abi/ev5_ipr.h \
	chip/pal.h chip/pal.c chip/intr.h chip/intr.c chip/tlb.h chip/tlb.c \
	chip/mem.h chip/mem.c chip/exec.h chip/exec_int.c chip/exec_mem.c \
	chip/exec_ctl.c chip/exec_ext.c chip/exec_fp.c chip/exec_pal.c \
	chip/model.h chip/model.c chip/timed_step.h chip/timed_run.c chip/timed_pm.c \
	chip/memo.h chip/memo.c \
	chip/palfor.h chip/palfor.c
chip_libchip_a_CFLAGS = $(AM_CFLAGS) -O2
