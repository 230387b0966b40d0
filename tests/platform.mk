# The platform's devices.
if HAVE_CMOCKA
check_PROGRAMS += tests/test_hostfs
TESTS += tests/test_hostfs
tests_test_hostfs_SOURCES = tests/test_hostfs.c
tests_test_hostfs_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_hostfs_LDADD = platform/libplatform.a $(CMOCKA_LIBS)
endif

# The qemu instruction-counting plugin (a host shared object).  It is
# loaded into qemu, so it never takes the sanitizer flags of CFLAGS.
QEMU_ICOUNT = tests/qemu_icount.so
tests/qemu_icount.so: $(srcdir)/tests/qemu_icount.c
	$(AM_V_CC)$(CC) $(AM_CFLAGS) -O2 -shared -fPIC -o $@ $<
GUEST_CHECK += $(QEMU_ICOUNT)
BENCH_TARGETS += $(QEMU_ICOUNT)
CLEANFILES += $(QEMU_ICOUNT)
