# tests/realprogs.mk (fragment; see tests/local.mk) - real programs built
# from Debian 12's source packages by testprogs/real/build.sh (fetched
# from Debian's archive as this machine's apt is configured, built with
# the cross compiler, cached outside the build tree) and run on alphasim against qemu-alpha: docs/testing.md,
# "Real programs".  Each test skips (77) when the sources cannot be
# fetched.
REALPROGS_TESTS = tests/realprogs_bzip2.sh tests/realprogs_sqlite3.sh \
	tests/realprogs_lua.sh tests/realprogs_mawk.sh tests/realprogs_zlib.sh
TESTS += $(REALPROGS_TESTS)
# where build.sh takes the archive from (apt's sources), without fetching
TESTS += tests/realprogs_archive.sh
# --profile needs dcpid (the checks of profiles run analysis/dcpiprof and
# analysis/truthcsv, which every build makes)
GUEST_CHECK += minios/minios.elf daemon/dcpid.lnx
AM_TESTS_ENVIRONMENT += ALPHA_CC='$(ALPHA_CC)'; export ALPHA_CC;

# make realprogs: fetch and build them all (or find them in the cache)
.PHONY: realprogs
realprogs:
	@for t in $(REALPROGS_TESTS); do \
	  p=$${t#tests/realprogs_}; \
	  ALPHA_CC='$(ALPHA_CC)' $(SHELL) $(srcdir)/testprogs/real/build.sh $${p%.sh} || exit 1; \
	done
