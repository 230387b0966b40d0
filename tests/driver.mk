# The DCPI driver (docs/dcpi.md): its core on the host (cmocka), and
# /dev/pcount inside minios (tests/dcpi_guest.sh).
if HAVE_CMOCKA
check_PROGRAMS += tests/test_driver
TESTS += tests/test_driver
tests_test_driver_SOURCES = tests/test_driver.c $(DRIVER_SRCS)
tests_test_driver_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_driver_LDADD = pmu/libpmu.a $(CMOCKA_LIBS)
endif

DCPI_GUEST = testprogs/dcpi/pcount_selftest.lnx testprogs/dcpi/pm_selftest.lnx
GUEST_CHECK += $(DCPI_GUEST) minios/minios.elf
CLEANFILES += $(DCPI_GUEST)
TESTS += tests/dcpi_guest.sh tests/dcpi_pm.sh
# who may open /dev/pcount (tests/pcount_access.sh)
GUEST_CHECK += testprogs/dcpi/pcount_access.lnx
CLEANFILES += testprogs/dcpi/pcount_access.lnx
TESTS += tests/pcount_access.sh
testprogs/dcpi/pcount_selftest.lnx testprogs/dcpi/pm_selftest.lnx: $(srcdir)/driver/pcount.h \
	$(srcdir)/testprogs/dcpi/selftest.h
