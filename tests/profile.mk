# tests/profile.mk (fragment; see tests/local.mk) - alphasim --profile:
# DCPI run for real in the guest, checked against the simulator's PMU.
GUEST_CHECK += testprogs/demo.lnx minios/minios.elf daemon/dcpid.lnx
TESTS += tests/profile.sh
# tests/profile.sh's other programs; loops.lnx is make bench's too
# (tests/bench_dcpi.sh).
PROFILE_GUEST = testprogs/corpus/pipeline.lnx testprogs/dcpi/loops.lnx
GUEST_CHECK += $(PROFILE_GUEST) testprogs/dcpi/libcwork.dyn
BENCH_TARGETS += testprogs/dcpi/loops.lnx daemon/dcpid.lnx minios/minios.elf
CLEANFILES += $(PROFILE_GUEST)
# Where the samples land, for each kind of program and process
# (tests/profile_kinds.sh): testprogs/kinds/, and tests/profdump, which
# lists a profile's entries.
GUEST_CHECK += $(KINDS_PROGS)
TESTS += tests/profile_kinds.sh
# Databases and outputs anywhere (tests/profile_paths.sh); the same run
# twice, the same bytes (tests/profile_repeat.sh)
TESTS += tests/profile_paths.sh tests/profile_repeat.sh
# instruction sampling through the whole path, and its estimates
# against the truth (docs/precise.md)
TESTS += tests/profile_pm.sh tests/accuracy_pm.sh tests/pm_cost.sh
# the records kept whole, their addresses and latencies, and bad streams
# (docs/precise.md, "The record stream")
TESTS += tests/records.sh
# ... and where the kernel is sampled too, at a short period: the run
# ends, every record counted, none of dcpid's in the stream
TESTS += tests/records_kernel.sh
# two independently sampled events divided (docs/tools.md, "dcpiratio")
TESTS += tests/ratio.sh
GUEST_CHECK += testprogs/dcpi/datarecs.dyn
CLEANFILES += testprogs/dcpi/datarecs.dyn
check_PROGRAMS += tests/profdump
tests_profdump_SOURCES = tests/profdump.c
tests_profdump_LDADD = daemon/libprofdb.a pmu/libpmu.a util/libutil.a
