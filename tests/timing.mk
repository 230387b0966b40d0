# tests/timing.mk - the 21164 timing model: microbenchmarks with known
# answers (testprogs/timing/*.S, run by tests/timing_bench.sh), the truth
# balance on every test program, and the machine description options.
TIMING_BENCHES = \
	testprogs/timing/dep_add.S
TIMING_BARE = $(TIMING_BENCHES:.S=.bare)
$(TIMING_BARE): $(srcdir)/testprogs/timing/bench.h
GUEST_CHECK += $(TIMING_BARE)
TEST_EXTENSIONS += .S
S_LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/timing_bench.sh
TESTS += $(TIMING_BENCHES)
CLEANFILES += testprogs/timing/*.bare
