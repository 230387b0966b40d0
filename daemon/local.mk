# daemon/: dcpid, the DCPI daemon (a static glibc program run inside
# minios), and the profile-database code it shares with the host's
# dcpiprof and unit tests (docs/dcpi-db.md).

# The database's format and files: host library for dcpiprof and tests.
PROFDB_SRCS = daemon/profile.h daemon/profile.c daemon/profdb.h daemon/profdb.c \
	daemon/crc32.h daemon/crc32.c daemon/events.h daemon/events.c \
	daemon/handcost.h daemon/handcost.c daemon/pmrec.h daemon/pmrec.c
# The daemon's work apart from the device: image maps, tables, writing.
DCPID_CORE_SRCS = daemon/collect.h daemon/collect.c daemon/imagemap.h \
	daemon/imagemap.c daemon/counttab.h daemon/counttab.c
noinst_LIBRARIES += daemon/libprofdb.a daemon/libdcpid.a
# the epoch's program file, which alphasim writes after the run (not
# dcpid: docs/dcpi-db.md, "The epoch's program")
daemon_libprofdb_a_SOURCES = $(PROFDB_SRCS) daemon/runprog.h daemon/runprog.c
daemon_libdcpid_a_SOURCES = $(DCPID_CORE_SRCS)

# The same sources cross-compiled into the guest's dcpid.
DCPID_SRCS = daemon/dcpid.c $(PROFDB_SRCS) $(DCPID_CORE_SRCS) driver/pcount.h \
	pmu/events.h pmu/events.c pmu/events.def util/fail.h util/cmd.h util/cmd.c \
	util/infile.h util/infile.c
daemon/dcpid.lnx: $(DCPID_SRCS:%=$(srcdir)/%)
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) -std=gnu11 $(ALPHA_LNX_LINK) \
	  -o $@ $(filter %.c,$^)
GUEST_TARGETS += daemon/dcpid.lnx
CLEANFILES += daemon/dcpid.lnx
EXTRA_DIST += daemon/dcpid.c
