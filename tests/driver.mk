# The DCPI driver (docs/dcpi.md): its core on the host (cmocka), and
# /dev/pcount inside minios (tests/dcpi_guest.sh).
if HAVE_CMOCKA
check_PROGRAMS += tests/test_driver
TESTS += tests/test_driver
tests_test_driver_SOURCES = tests/test_driver.c $(DRIVER_SRCS)
tests_test_driver_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
# daemon/libprofdb.a: dcpid's --events (daemon/events.c), which must take
# the periods the driver takes
tests_test_driver_LDADD = daemon/libprofdb.a pmu/libpmu.a $(CMOCKA_LIBS)
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
# the driver under buffer pressure (tests/dcpi_pressure.sh): spread.c's
# 6,144 straight-line statements at -O1 and without debugging
# information, which cost gcc minutes over them (the pattern rule's
# flags, then -O1 -g0, which override its -O2 -g)
DCPI_PRESSURE = testprogs/dcpi/spread.lnx
testprogs/dcpi/spread.lnx: testprogs/dcpi/spread.c $(LNX_RT) $(GUEST_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) -O1 -g0 $(ALPHA_LNX_LINK) -o $@ $< $(LNX_RT) -lm
GUEST_CHECK += $(DCPI_PRESSURE)
CLEANFILES += $(DCPI_PRESSURE)
TESTS += tests/dcpi_pressure.sh
