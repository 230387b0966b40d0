# util/: what every host layer and program may use (docs/architecture.md):
# output files written whole, files a guest could have made read safely,
# the one FAIL, allocation for programs, the programs' common ground,
# where alphasim's own files are, JSON strings, binary search.
noinst_LIBRARIES += util/libutil.a
util_libutil_a_SOURCES = util/outfile.h util/outfile.c util/fail.h \
	util/xalloc.h util/xalloc.c util/cmd.h util/cmd.c util/paths.h util/paths.c \
	util/json.h util/json.c util/search.h util/search.c \
	util/infile.h util/infile.c
# paths.c's last place to look: the configured $(pkglibdir), where make
# install puts minios.elf, dcpid.lnx and the default workload.
util_libutil_a_CPPFLAGS = $(AM_CPPFLAGS) -DPATHS_PKGLIBDIR='"$(pkglibdir)"'
