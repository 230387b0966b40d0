# platform/: the simulated machine around the CPUs (docs/platform.md):
# RAM, the devices and their interrupt lines, hostfs, waiting for an
# interrupt, SMP scheduling, loading bare-metal images, booting minios.
noinst_LIBRARIES += platform/libplatform.a
platform_libplatform_a_SOURCES = platform/machine.h platform/machine.c \
	platform/dev.h platform/dev_console.c platform/dev_simctl.c \
	platform/dev_timer.c platform/dev_ipi.c platform/dev_hostfs.c \
	platform/hostfs.h platform/hostfs.c platform/wait.h platform/wait.c \
	platform/loader.h platform/loader.c platform/boot.h platform/boot.c \
	abi/iomap.h abi/hostfs.h abi/bootblock.h
platform_libplatform_a_CFLAGS = $(AM_CFLAGS) -O2 $(LIBELF_CFLAGS)
