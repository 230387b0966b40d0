# pmu/: the 21164 performance counters, and the instruction-sampling unit
# (an alphasim extension: docs/precise.md).
noinst_LIBRARIES += pmu/libpmu.a
pmu_libpmu_a_SOURCES = pmu/pmu.h pmu/pmu.c pmu/events.h pmu/events.c pmu/events.def \
	pmu/pm.h pmu/pm.c abi/pm.h abi/truth.h
pmu_libpmu_a_CFLAGS = $(AM_CFLAGS) -O2

if HAVE_CMOCKA
check_PROGRAMS += tests/test_pmu
TESTS += tests/test_pmu
tests_test_pmu_SOURCES = tests/test_pmu.c
tests_test_pmu_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_pmu_LDADD = obs/libobs.a pmu/libpmu.a $(CMOCKA_LIBS)

check_PROGRAMS += tests/test_pm
TESTS += tests/test_pm
tests_test_pm_SOURCES = tests/test_pm.c
tests_test_pm_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_pm_LDADD = pmu/libpmu.a $(CMOCKA_LIBS) -lm
endif
