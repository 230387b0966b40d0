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

include tests/cli.mk
