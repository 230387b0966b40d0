# tests/realprogs.mk (fragment; see tests/local.mk) - real programs built
# from Debian 12's source packages by testprogs/real/build.sh (fetched
# from deb.debian.org, built with the cross compiler, cached outside the
# build tree) and run on alphasim against qemu-alpha: docs/testing.md,
# "Real programs".  Each test skips (77) when the sources cannot be
# fetched.
REALPROGS = bzip2 sqlite3 lua mawk zlib
REALPROGS_TESTS = $(REALPROGS:%=tests/realprogs_%.sh)
TESTS += $(REALPROGS_TESTS)
# --profile needs dcpid, the profile checks dcpiprof
GUEST_CHECK += minios/minios.elf daemon/dcpid.lnx
AM_TESTS_ENVIRONMENT += ALPHA_CC='$(ALPHA_CC)'; export ALPHA_CC;

# make realprogs: fetch and build them all (or find them in the cache)
.PHONY: realprogs
realprogs:
	@for p in $(REALPROGS); do \
	  ALPHA_CC='$(ALPHA_CC)' $(SHELL) $(srcdir)/testprogs/real/build.sh $$p || exit 1; \
	done
