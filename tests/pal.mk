# tests/pal.mk (fragment; see tests/local.mk)
# PAL mode, the IPRs, translation and its exceptions, interrupts and the
# performance counters (docs/pal.md, docs/pmu.md): bare-metal programs in
# testprogs/pal/ that check themselves against the manual, drivers that
# check where counter interrupts land and what the skid trace says, and a
# host unit test of the interrupt lines no guest can raise by itself.
PAL_PROGS = testprogs/pal/pal_ipr.bare testprogs/pal/pal_intr.bare \
	testprogs/pal/pal_mm.bare testprogs/pal/pal_pmu.bare \
	testprogs/pal/pmu_skid.bare testprogs/pal/pmu_sample.bare \
	testprogs/pal/pal_pm.bare
GUEST_CHECK += $(PAL_PROGS)
TESTS += tests/pal_ipr.sh tests/pal_intr.sh tests/pal_mm.sh tests/pal_pmu.sh \
	tests/pal_skid.sh tests/pal_sampling.sh tests/pal_cli.sh tests/pal_pm.sh
CLEANFILES += $(PAL_PROGS)

if HAVE_CMOCKA
check_PROGRAMS += tests/test_intr
TESTS += tests/test_intr
tests_test_intr_SOURCES = tests/test_intr.c
tests_test_intr_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_intr_LDADD = $(SIM_LIBS) $(LIBELF_LIBS) $(CMOCKA_LIBS) -lm

# the instruction-sampling unit on the timed loop against the truth
# (docs/precise.md)
check_PROGRAMS += tests/test_pmhook
TESTS += tests/test_pmhook
tests_test_pmhook_SOURCES = tests/test_pmhook.c
tests_test_pmhook_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_pmhook_LDADD = $(SIM_LIBS) $(LIBELF_LIBS) $(CMOCKA_LIBS) -lm
endif
