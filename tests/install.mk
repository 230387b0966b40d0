# tests/install.mk (fragment; see tests/local.mk) - the install and the
# manual: make install into a staged prefix, moved elsewhere and run with
# the build tree hidden (tests/install.sh; ALPHA_CC reaches it from
# tests/realprogs.mk); the man pages against each program's --help
# (tests/man.sh); the bash completion (tests/completion.sh).
TESTS += tests/install.sh tests/man.sh tests/completion.sh
AM_TESTS_ENVIRONMENT += MAKE='$(MAKE)' PREFIX='$(prefix)' PKGLIBDIR='$(pkglibdir)'; \
	export MAKE PREFIX PKGLIBDIR;
