# The platform's devices.
if HAVE_CMOCKA
check_PROGRAMS += tests/test_hostfs
TESTS += tests/test_hostfs
tests_test_hostfs_SOURCES = tests/test_hostfs.c
tests_test_hostfs_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_hostfs_LDADD = sim/libsim.a $(CMOCKA_LIBS)
endif
