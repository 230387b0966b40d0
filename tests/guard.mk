# tests/guard.mk (fragment; see tests/local.mk) - what a guest may do
# to the host (docs/usage.md, "What a guest can reach"): the profile
# database only for dcpid, the daemon's death at the program's hands,
# one run per database, and the limits on what a guest writes.  The
# programs are built as a user would build them (the .dyn rule).
GUARD_PROGS = testprogs/guard/killdaemon.dyn testprogs/guard/dbwait.dyn \
	testprogs/guard/dbreach.dyn testprogs/guard/fsize.dyn
GUEST_CHECK += $(GUARD_PROGS) minios/minios.elf daemon/dcpid.lnx
CLEANFILES += $(GUARD_PROGS)
TESTS += tests/guard_daemon.sh tests/guard_lock.sh tests/guard_db.sh \
	tests/guard_write.sh
