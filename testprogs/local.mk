# testprogs/: guest programs, built with the Alpha cross tools (never $(CC)).
#   NAME.bare   bare-metal program for alphasim (testprogs/rt runtime)
#   NAME.lnx    static Linux/Alpha program, for qemu-alpha comparisons
#   NAME.dyn    dynamically linked Linux/Alpha program (only where asked for)

ALPHA_CFLAGS = -O2 -g -Wall -Wextra -I$(srcdir)/testprogs/lib -I$(srcdir)/testprogs/rt \
	-I$(srcdir)
# -m21164: the assembler takes HW_MFPR, HW_MTPR, HW_LD, HW_ST and HW_REI
# (in inline assembly too) only when told so on its command line
# (docs/ev5.md "The cross toolchain").
ALPHA_BARE_CFLAGS = $(ALPHA_CFLAGS) -ffreestanding -fno-builtin -fno-stack-protector -Wa,-m21164
ALPHA_BARE_LINK = -nostdlib -static -Wl,--no-warn-rwx-segments -Wl,--build-id=none -Wl,--no-relax -Wl,-T,$(srcdir)/testprogs/rt/rt.ld
# Static glibc programs need --no-relax (docs/ev5.md, "The cross
# toolchain").
ALPHA_LNX_LINK = -static -Wl,--no-relax

BARE_RT = testprogs/rt/crt0.o testprogs/rt/pal.o testprogs/rt/rt.o testprogs/rt/div.o \
	testprogs/rt/mem.o testprogs/rt/udiv.o testprogs/rt/tio_bare.o testprogs/lib/tio.bare.o \
	testprogs/rt/rt_jmp.o testprogs/rt/trap_bare.o
LNX_RT = $(srcdir)/testprogs/lib/tio.c $(srcdir)/testprogs/lib/tio_linux.c \
	$(srcdir)/testprogs/lib/trap_linux.c
# Keep the runtime's objects: they are made by pattern rules, which would
# otherwise treat them as intermediate and delete them after each build.
.SECONDARY: $(BARE_RT)
GUEST_HDRS = $(srcdir)/testprogs/rt/rt.h $(srcdir)/testprogs/rt/rt_pal.h \
	$(srcdir)/testprogs/lib/tio.h $(srcdir)/testprogs/lib/trap.h \
	$(srcdir)/testprogs/lib/xorshift.h \
	$(srcdir)/testprogs/isa/conform.h $(srcdir)/abi/ev5_ipr.h $(srcdir)/abi/iomap.h \
	$(srcdir)/minios/udiv.h

testprogs/rt/%.o: $(srcdir)/testprogs/rt/%.S $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(ALPHA_BARE_CFLAGS) -Wa,-m21164 -c -o $@ $<
testprogs/rt/%.o: $(srcdir)/testprogs/rt/%.c $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(ALPHA_BARE_CFLAGS) -c -o $@ $<
# memset and friends, and division: the one freestanding copy of each,
# shared with minios.
testprogs/rt/mem.o testprogs/rt/udiv.o: testprogs/rt/%.o: $(srcdir)/minios/%.c $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(ALPHA_BARE_CFLAGS) -c -o $@ $<
testprogs/lib/tio.bare.o: $(srcdir)/testprogs/lib/tio.c $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(ALPHA_BARE_CFLAGS) -c -o $@ $<

# Any testprogs/**/NAME.c builds both ways.  The prerequisites carry no
# $(srcdir): with a slash-free target pattern make would put the target's
# directory in front of them; VPATH finds the sources instead.
%.bare: %.c $(BARE_RT) $(srcdir)/testprogs/rt/rt.ld $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_BARE_CFLAGS) $(ALPHA_BARE_LINK) -o $@ $(BARE_RT) $< -lgcc
%.bare: %.S $(BARE_RT) $(srcdir)/testprogs/rt/rt.ld $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_BARE_CFLAGS) -Wa,-m21164 $(ALPHA_BARE_LINK) -o $@ $(BARE_RT) $< -lgcc
%.lnx: %.c $(LNX_RT) $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) $(ALPHA_LNX_LINK) -o $@ $< $(LNX_RT) -lm

# The dynamic build is what a user gets from the cross compiler with no
# special options: Debian's alpha-linux-gnu-gcc links a non-PIE
# executable (ET_EXEC at 0x120000000) with PT_INTERP naming
# ld-linux.so.2, libc.so.6.1 and libm.so.6.1 from the sysroot at run
# time.  -lpthread is harmless where
# unused (glibc 2.34 and later keep pthreads in libc).
ALPHA_DYN_CFLAGS = -O2 -Wall -Wextra
%.dyn: %.c
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_DYN_CFLAGS) -o $@ $< -lm -lpthread

GUEST_TARGETS += testprogs/demo.bare testprogs/demo.lnx
CLEANFILES += $(BARE_RT) testprogs/*.bare testprogs/*.lnx
EXTRA_DIST += testprogs

# Benchmarks (make bench): static and dynamic Linux builds, run on both
# alphasim and qemu; the bare build for callgrind and same_output.sh.
BENCH_PROGS = testprogs/bench/int testprogs/bench/mem testprogs/bench/fp \
	testprogs/bench/branchy
BENCH_TARGETS += $(BENCH_PROGS:=.bare) $(BENCH_PROGS:=.lnx) $(BENCH_PROGS:=.dyn)
CLEANFILES += $(BENCH_PROGS:=.bare) $(BENCH_PROGS:=.lnx) $(BENCH_PROGS:=.dyn)
# (their output goes through the tests' tio library, linked in as the
# static build links it)
testprogs/bench/%.dyn: testprogs/bench/%.c $(LNX_RT) $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) -o $@ $< $(LNX_RT) -lm

include testprogs/kinds/local.mk
include testprogs/accuracy/local.mk

