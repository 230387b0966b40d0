# analysis/: host tools that read what alphasim writes.
bin_PROGRAMS += analysis/truthcsv
analysis_truthcsv_SOURCES = analysis/truthcsv.c
analysis_truthcsv_LDADD = util/libutil.a

# dcpiprof: the profile database by image and by procedure (docs/usage.md).
# Its reading of the database and of images' symbols is a library that
# alphasim --profile's summary shares (sim/profile.c).
noinst_LIBRARIES += analysis/libreport.a
analysis_libreport_a_SOURCES = analysis/report.h analysis/report.c \
	analysis/elfsyms.h analysis/elfsyms.c
analysis_libreport_a_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
bin_PROGRAMS += analysis/dcpiprof
analysis_dcpiprof_SOURCES = analysis/dcpiprof.c
analysis_dcpiprof_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpiprof_LDADD = analysis/libreport.a daemon/libprofdb.a pmu/libpmu.a \
	isa/libisa.a util/libutil.a $(LIBELF_LIBS) -lm

# libanalysis: the analysis half of DCPI (docs/analysis.md): images and
# procedures, CFG and jump tables, dominators, loops, equivalence
# classes, frequency (DCPI's heuristic, flow propagation, the weighted
# least-squares alternative) and culprits.  The static schedule comes
# through the interface of analysis/sched.h.
noinst_LIBRARIES += analysis/libanalysis.a
analysis_libanalysis_a_SOURCES = \
	analysis/image.h analysis/image.c analysis/cfg.h analysis/cfg.c \
	analysis/jtab.h analysis/jtab.c analysis/dom.h analysis/dom.c \
	analysis/loops.h analysis/loops.c analysis/equiv.h analysis/equiv.c \
	analysis/sched.h analysis/sched.c analysis/freq.h analysis/freq.c \
	analysis/flow.h analysis/flow.c analysis/wls.h analysis/wls.c \
	analysis/culprit.h analysis/culprit.c analysis/culprit.def
analysis_libanalysis_a_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
