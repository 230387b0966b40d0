# tests/timing.mk - the 21164 timing model: microbenchmarks with known
# answers (testprogs/timing/*.S, run by tests/timing_bench.sh), the same
# loops through the issue model alone (tests/test_issue), the truth
# balance on every test program, and the machine description options.
TIMING_BENCHES = \
	testprogs/timing/dep_add.S testprogs/timing/indep_add.S \
	testprogs/timing/quad_issue.S testprogs/timing/slotting.S \
	testprogs/timing/block_boundary.S testprogs/timing/load_chain.S \
	testprogs/timing/dmiss_scache.S testprogs/timing/smiss_memory.S \
	testprogs/timing/imulq_chain.S testprogs/timing/divt_chain.S \
	testprogs/timing/cmov.S testprogs/timing/cmp_branch.S \
	testprogs/timing/loop_predicted.S testprogs/timing/branch_alternating.S \
	testprogs/timing/call_chain.S testprogs/timing/icache_thrash.S \
	testprogs/timing/wb_saturate.S testprogs/timing/dtb_reach.S
TIMING_BARE = $(TIMING_BENCHES:.S=.bare)
$(TIMING_BARE): $(srcdir)/testprogs/timing/bench.h
GUEST_CHECK += $(TIMING_BARE)
TEST_EXTENSIONS += .S
S_LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/timing_bench.sh
TESTS += $(TIMING_BENCHES) tests/timing_balance.sh tests/timing_config.sh
# The fast paths (memo=1) against the plain model (memo=0): identical
# outputs on the corpus, the microbenchmarks and the bench programs.
TESTS += tests/same_memo.sh
# DCPI's default events leave the memo on (on int.lnx under minios).
TESTS += tests/memo_events.sh
GUEST_CHECK += testprogs/bench/int.lnx daemon/dcpid.lnx minios/minios.elf
GUEST_CHECK += $(BENCH_PROGS:=.bare)
CLEANFILES += testprogs/timing/*.bare

if HAVE_CMOCKA
# The issue model on its own (timing/issue.h): the microbenchmarks' loops as
# instruction words, their cycles per iteration and causes.
check_PROGRAMS += tests/test_issue
tests_test_issue_SOURCES = tests/test_issue.c
tests_test_issue_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_issue_LDADD = timing/libtiming.a isa/libisa.a $(CMOCKA_LIBS)
TESTS += tests/test_issue
endif
