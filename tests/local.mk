# tests/: host unit tests (cmocka) and integration tests that run guest
# programs.  Each area keeps its tests in its own fragment.
TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(top_srcdir)'; top_builddir='$(top_builddir)'; \
	ALPHASIM='$(abs_top_builddir)/sim/alphasim'; \
	ALPHA_OBJDUMP='$(ALPHA_OBJDUMP)'; ALPHA_SYSROOT='$(ALPHA_SYSROOT)'; \
	QEMU_ALPHA='$(QEMU_ALPHA)'; \
	export top_srcdir top_builddir ALPHASIM ALPHA_OBJDUMP ALPHA_SYSROOT QEMU_ALPHA;

EXTRA_DIST += tests

# ISA conformance: each testprogs/isa/*.c listed in CONFORM_TESTS by a
# fragment is a test, run by tests/conform.sh (alphasim vs qemu-alpha).
TEST_EXTENSIONS += .c
C_LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/conform.sh
CONFORM_TESTS =
# Guest programs tests need, built before the tests run.
GUEST_CHECK =

include tests/cli.mk
include tests/isa.mk
include tests/fp.mk
include tests/conform.mk
include tests/timing.mk
include tests/platform.mk
include tests/smp.mk
include tests/pal.mk
include tests/minios.mk
include tests/corpus.mk
include tests/daemon.mk
include tests/driver.mk
include tests/profile.mk
include tests/guard.mk
include tests/analysis.mk
include tests/realprogs.mk
include tests/labs.mk
include tests/install.mk
include tests/view.mk
include tests/docs.mk

check_DATA = $(CONFORM_TESTS:.c=.bare) $(CONFORM_TESTS:.c=.lnx) $(GUEST_CHECK)
TESTS += $(CONFORM_TESTS)

# make phases: each of PHASE_TESTS run PHASES times at other phases of
# the guest, to see that its floors hold (tests/phases.sh; docs/testing.md,
# "Floors and phases").
PHASE_TESTS = tests/antools.sh tests/lab_3.sh
PHASES = 24
.PHONY: phases
phases: all $(check_PROGRAMS) $(check_DATA)
	@$(AM_TESTS_ENVIRONMENT) PHASES='$(PHASES)' TEST_SHELL='$(SH_LOG_COMPILER)' \
	  $(SHELL) $(srcdir)/tests/phases.sh $(PHASE_TESTS)
