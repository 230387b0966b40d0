# minios/: the guest operating system (docs/minios.md): PALcode and
# kernel in one kseg image, minios/minios.elf, built with the Alpha cross
# tools (never $(CC)).  Installed in $(pkglibdir), where util/paths.c looks
# for it after the build tree.
MINIOS_CFLAGS = -O2 -g -std=gnu11 -Wall -Wextra -ffreestanding \
	-fno-stack-protector -mno-fp-regs -I$(srcdir) -I$(builddir)
MINIOS_LINK = -nostdlib -static -Wl,--no-warn-rwx-segments \
	-Wl,--build-id=none -Wl,--no-relax -Wl,-T,$(srcdir)/minios/minios.ld
MINIOS_PAL = minios/pal/vectors.o minios/pal/trap.o minios/pal/callpal.o \
	minios/pal/reset.o
MINIOS_KERNEL = minios/start.o minios/entry.o minios/main.o \
	minios/console.o minios/string.o minios/mem.o minios/udiv.o \
	minios/kalloc.o minios/vm.o \
	minios/hostfs.o minios/path.o minios/file.o minios/proc.o \
	minios/exec.o minios/trap.o minios/syscall.o minios/sysat.o \
	minios/sysfile.o minios/sysmeta.o minios/lock.o minios/sysproc.o \
	minios/sysmem.o minios/image.o \
	minios/spinlock.o minios/sched.o minios/swtch.o minios/smp.o \
	minios/signal.o minios/futex.o minios/pipe.o \
	minios/dev.o minios/pcount_dev.o minios/pcount_hw.o \
	minios/pcount_intr.o $(DRIVER_OBJS)
MINIOS_OBJS = $(MINIOS_PAL) $(MINIOS_KERNEL)
MINIOS_HDRS = $(srcdir)/minios/defs.h $(srcdir)/abi/bootblock.h \
	$(srcdir)/minios/sysat.h $(srcdir)/minios/udiv.h \
	$(srcdir)/minios/pcount_state.h $(srcdir)/minios/pal/pal.h \
	$(srcdir)/minios/syscalls.def \
	$(srcdir)/abi/hostfs.h $(srcdir)/isa/palcall.def minios/sysnames.h \
	$(srcdir)/minios/devices.def $(srcdir)/abi/ev5_ipr.h $(srcdir)/abi/iomap.h \
	$(DRIVER_HDRS)
.SECONDARY: $(MINIOS_OBJS)

# The names of all Linux/Alpha system calls, X(number, name), from the
# cross toolchain's kernel headers.
minios/sysnames.h: $(ALPHA_SYSROOT)/include/asm/unistd_32.h
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)sed -n 's/^#define __NR_\([a-z0-9_]*\)[ 	]*\([0-9][0-9]*\)$$/X(\2, \1)/p' $< >$@

minios/%.o: $(srcdir)/minios/%.S $(MINIOS_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(MINIOS_CFLAGS) -Wa,-m21164 -c -o $@ $<
minios/%.o: $(srcdir)/minios/%.c $(MINIOS_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(MINIOS_CFLAGS) -c -o $@ $<
minios/minios.elf: $(MINIOS_OBJS) $(srcdir)/minios/minios.ld
	$(AM_V_CCLD)$(ALPHA_CC) $(MINIOS_CFLAGS) $(MINIOS_LINK) -o $@ $(MINIOS_OBJS) -lgcc

GUEST_TARGETS += minios/minios.elf
miniosdir = $(pkglibdir)
minios_DATA = minios/minios.elf
CLEANFILES += $(MINIOS_OBJS) minios/minios.elf minios/sysnames.h
EXTRA_DIST += minios
