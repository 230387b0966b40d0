# tests/daemon.mk (fragment; see tests/local.mk) - the DCPI daemon's host
# side and dcpiprof (docs/dcpi-db.md): cmocka tests of the database, the
# image maps and the daemon's map-merge-write path; tests/dcpiprof.sh on
# a database written by tests/mkprofdb through that same path.
DAEMON_LIBS = daemon/libdcpid.a daemon/libprofdb.a pmu/libpmu.a util/libutil.a
if HAVE_CMOCKA
check_PROGRAMS += tests/test_profdb tests/test_imagemap tests/test_collect
TESTS += tests/test_profdb tests/test_imagemap tests/test_collect
tests_test_profdb_SOURCES = tests/test_profdb.c
tests_test_profdb_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_profdb_LDADD = $(DAEMON_LIBS) $(CMOCKA_LIBS) -lm
tests_test_imagemap_SOURCES = tests/test_imagemap.c
tests_test_imagemap_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_imagemap_LDADD = $(DAEMON_LIBS) $(CMOCKA_LIBS)
tests_test_collect_SOURCES = tests/test_collect.c
tests_test_collect_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_collect_LDADD = $(DAEMON_LIBS) $(CMOCKA_LIBS) -lm
endif
check_PROGRAMS += tests/mkprofdb
tests_mkprofdb_SOURCES = tests/mkprofdb.c
tests_mkprofdb_LDADD = $(DAEMON_LIBS) -lm
GUEST_CHECK += testprogs/demo.lnx minios/minios.elf
GUEST_CHECK += daemon/dcpid.lnx
TESTS += tests/dcpiprof.sh tests/dcpid_guest.sh
# dcpid --run's programs (tests/dcpid_guest.sh): libcwork dynamically
# linked (the .dyn rule of tests/minios.mk) and statically.
DCPID_GUEST = testprogs/dcpi/libcwork.dyn testprogs/dcpi/libcwork.lnx
GUEST_CHECK += $(DCPID_GUEST)
CLEANFILES += $(DCPID_GUEST)
