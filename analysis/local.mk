# analysis/: host tools that read what alphasim writes.
bin_PROGRAMS += analysis/truthcsv
analysis_truthcsv_SOURCES = analysis/truthcsv.c
# the truth file's reader (analysis/truthfile.c)
analysis_truthcsv_LDADD = analysis/libanalysis.a util/libutil.a

# dcpiprof: the profile database by image and by procedure (docs/usage.md).
# Its reading of the database and of images' symbols is a library that
# alphasim --profile's summary shares (sim/profile.c).
noinst_LIBRARIES += analysis/libreport.a
analysis_libreport_a_SOURCES = analysis/report.h analysis/report.c \
	analysis/elfsyms.h analysis/elfsyms.c analysis/ancli.h analysis/ancli.c
# an image's source lines from its DWARF (libdw), which dcpiprof --lines
# and the tools over libanalysis share
analysis_libreport_a_SOURCES += analysis/srcline.h analysis/srcline.c \
	analysis/reportlines.h analysis/reportlines.c
analysis_libreport_a_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS)
bin_PROGRAMS += analysis/dcpiprof
analysis_dcpiprof_SOURCES = analysis/dcpiprof.c
analysis_dcpiprof_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpiprof_LDADD = analysis/libreport.a daemon/libprofdb.a pmu/libpmu.a \
	isa/libisa.a util/libutil.a $(LIBDW_LIBS) $(LIBELF_LIBS) -lm

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
	analysis/culprit.h analysis/culprit.c analysis/culprit.def \
	analysis/issuesched.h analysis/issuesched.c \
	analysis/truthfile.h analysis/truthfile.c analysis/antruth.h analysis/antruth.c \
	analysis/profimage.h analysis/profimage.c analysis/anproc.h analysis/anproc.c \
	analysis/session.h analysis/session.c analysis/antools.def analysis/whatcg.h analysis/whatcg.c \
	analysis/accuracy.h analysis/accuracy.c analysis/anout.h analysis/anout.c \
	analysis/pmest.h analysis/pmest.c analysis/ansource.h analysis/ansource.c \
	analysis/callsite.h analysis/callsite.c \
	analysis/callgraph.h analysis/callgraph.c
analysis_libanalysis_a_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS)

# The tools over it (docs/analysis.md, "The tools"), one small file each,
# as DCPI's and as perf's and OProfile's: the annotated listing, the
# listing with samples, the top stalls, where the cycles went, and the
# estimates against the truth.
AN_TOOL_LIBS = analysis/libanalysis.a analysis/libreport.a daemon/libprofdb.a \
	timing/libtiming.a pmu/libpmu.a isa/libisa.a util/libutil.a $(LIBDW_LIBS) $(LIBELF_LIBS) -lm
AN_TOOLS = analysis/dcpicalc analysis/dcpilist analysis/dcpitopstalls \
	analysis/dcpiwhatcg analysis/dcpiaccuracy analysis/dcpicallers
bin_PROGRAMS += $(AN_TOOLS)
analysis_dcpicalc_LDADD = $(AN_TOOL_LIBS)
analysis_dcpilist_LDADD = $(AN_TOOL_LIBS)
analysis_dcpitopstalls_LDADD = $(AN_TOOL_LIBS)
analysis_dcpiwhatcg_LDADD = $(AN_TOOL_LIBS)
analysis_dcpiaccuracy_LDADD = $(AN_TOOL_LIBS)
analysis_dcpicallers_LDADD = $(AN_TOOL_LIBS)

# The tools of comparing and dumping profiles (docs/tools.md): two
# databases side by side, several runs summarised, one profile file as
# text, a procedure's CFG as Graphviz DOT.
analysis_libanalysis_a_SOURCES += analysis/antable.h analysis/antable.c \
	analysis/anstat.h analysis/anstat.c
AN_TOOLS2 = analysis/dcpidiff analysis/dcpistats analysis/dcpicat analysis/dcpi2dot
bin_PROGRAMS += $(AN_TOOLS2)
analysis_dcpidiff_LDADD = $(AN_TOOL_LIBS)
analysis_dcpistats_LDADD = $(AN_TOOL_LIBS)
analysis_dcpicat_LDADD = $(AN_TOOL_LIBS)
analysis_dcpi2dot_LDADD = $(AN_TOOL_LIBS)

# dcpiexport: a database in pprof's profile.proto (docs/tools.md), its
# protocol buffers encoding our own (analysis/pbwire.c), gzipped by zlib.
noinst_LIBRARIES += analysis/libpprof.a
analysis_libpprof_a_SOURCES = analysis/pbwire.h analysis/pbwire.c \
	analysis/pprof.h analysis/pprof.c
analysis_libpprof_a_CFLAGS = $(AM_CFLAGS) $(ZLIB_CFLAGS)
bin_PROGRAMS += analysis/dcpiexport
analysis_dcpiexport_LDADD = analysis/libpprof.a $(AN_TOOL_LIBS) $(ZLIB_LIBS)

include analysis/accuracy/local.mk

# dcpirecords: the instruction-sampling records kept whole (docs/tools.md,
# "dcpirecords"), read back from the database's record streams, and the
# truth beside them, by analysis/records.c.
analysis_libanalysis_a_SOURCES += analysis/records.h analysis/records.c \
	analysis/datasyms.h analysis/datasyms.c analysis/recdata.h analysis/recdata.c
bin_PROGRAMS += analysis/dcpirecords
analysis_dcpirecords_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpirecords_LDADD = $(AN_TOOL_LIBS)

# dcpiratio: two independently sampled events divided per procedure or
# instruction, with the ratio's sampling error (docs/tools.md, "dcpiratio").
bin_PROGRAMS += analysis/dcpiratio
analysis_dcpiratio_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpiratio_LDADD = analysis/libreport.a daemon/libprofdb.a pmu/libpmu.a \
	isa/libisa.a util/libutil.a $(LIBDW_LIBS) $(LIBELF_LIBS) -lm
