# analysis/: host tools that read what alphasim writes.
bin_PROGRAMS += analysis/truthcsv
analysis_truthcsv_SOURCES = analysis/truthcsv.c

# dcpiprof: the profile database by image and by procedure (docs/usage.md).
bin_PROGRAMS += analysis/dcpiprof
analysis_dcpiprof_SOURCES = analysis/dcpiprof.c analysis/elfsyms.h analysis/elfsyms.c
analysis_dcpiprof_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpiprof_LDADD = daemon/libprofdb.a sim/libsim.a pmu/libpmu.a $(LIBELF_LIBS) -lm
