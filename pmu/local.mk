# pmu/: the 21164 performance counters.
noinst_LIBRARIES += pmu/libpmu.a
pmu_libpmu_a_SOURCES = pmu/pmu.h pmu/pmu.c pmu/events.h pmu/events.c pmu/events.def
pmu_libpmu_a_CFLAGS = $(AM_CFLAGS) -O2

if HAVE_CMOCKA
check_PROGRAMS += tests/test_pmu
TESTS += tests/test_pmu
tests_test_pmu_SOURCES = tests/test_pmu.c
tests_test_pmu_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_pmu_LDADD = obs/libobs.a pmu/libpmu.a $(CMOCKA_LIBS)
endif
