# analysis/: host tools that read what alphasim writes, laid out as perf
# lays out tools/perf (docs/architecture.md, "The analysis tools"): the
# analysis library (analysis/lib/), what the tools print and their one
# command line (analysis/report/), and one small dcpiNAME.c a command on
# top, each a row of the command table analysis/antools.def.

# libanalysis (docs/analysis.md): the profile database read for a
# listing (lib/report.c, which alphasim --profile's summary shares,
# sim/profile.c), images' symbols and source lines, and the analysis:
# images and procedures, CFG and jump tables, dominators, loops,
# equivalence classes, the static schedule (lib/sched.h), frequency
# (DCPI's heuristic, flow propagation, the weighted least-squares
# alternative), culprits, the estimates by instruction sampling's
# records, where the cycles went, their accuracy against the truth, the
# truth's readers, call sites, and the statistics of several runs.
noinst_LIBRARIES += analysis/lib/libanalysis.a
analysis_lib_libanalysis_a_SOURCES = \
	analysis/lib/report.h analysis/lib/report.c \
	analysis/lib/elfsyms.h analysis/lib/elfsyms.c \
	analysis/lib/srcline.h analysis/lib/srcline.c \
	analysis/lib/reportlines.h analysis/lib/reportlines.c \
	analysis/lib/image.h analysis/lib/image.c analysis/lib/cfg.h analysis/lib/cfg.c \
	analysis/lib/jtab.h analysis/lib/jtab.c analysis/lib/dom.h analysis/lib/dom.c \
	analysis/lib/loops.h analysis/lib/loops.c analysis/lib/equiv.h analysis/lib/equiv.c \
	analysis/lib/sched.h analysis/lib/sched.c analysis/lib/freq.h analysis/lib/freq.c \
	analysis/lib/flow.h analysis/lib/flow.c analysis/lib/wls.h analysis/lib/wls.c \
	analysis/lib/culprit.h analysis/lib/culprit.c analysis/lib/culprit.def \
	analysis/lib/issuesched.h analysis/lib/issuesched.c \
	analysis/lib/truthfile.h analysis/lib/truthfile.c \
	analysis/lib/antruth.h analysis/lib/antruth.c \
	analysis/lib/profimage.h analysis/lib/profimage.c \
	analysis/lib/anproc.h analysis/lib/anproc.c \
	analysis/lib/session.h analysis/lib/session.c \
	analysis/lib/whatcg.h analysis/lib/whatcg.c \
	analysis/lib/accuracy.h analysis/lib/accuracy.c \
	analysis/lib/pmest.h analysis/lib/pmest.c \
	analysis/lib/callsite.h analysis/lib/callsite.c \
	analysis/lib/anstat.h analysis/lib/anstat.c
analysis_lib_libanalysis_a_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS)

# libreport: what the tools print (docs/analysis.md, "The tools";
# docs/tools.md): the one table writer of text, CSV and JSON and the
# fields it prints, the source views, the call graph as DOT, and the
# one command line of every tool with the command table.
noinst_LIBRARIES += analysis/report/libreport.a
analysis_report_libreport_a_SOURCES = \
	analysis/report/cli.h analysis/report/cli.c analysis/antools.def \
	analysis/report/table.h analysis/report/table.c \
	analysis/report/ansource.h analysis/report/ansource.c \
	analysis/report/callgraph.h analysis/report/callgraph.c
analysis_report_libreport_a_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS)

# dcpiexport's writer: a database in pprof's profile.proto, its protocol
# buffers encoding our own (analysis/report/pbwire.c), gzipped by zlib.
noinst_LIBRARIES += analysis/report/libpprof.a
analysis_report_libpprof_a_SOURCES = analysis/report/pbwire.h analysis/report/pbwire.c \
	analysis/report/pprof.h analysis/report/pprof.c
analysis_report_libpprof_a_CFLAGS = $(AM_CFLAGS) $(ZLIB_CFLAGS)

# The commands, one small file each, as DCPI's and as perf's and
# OProfile's (docs/analysis.md, "The tools"; docs/tools.md): the truth
# as CSV; the database by image and procedure; the annotated listing,
# the listing with samples, the top stalls, where the cycles went, the
# estimates against the truth, the callers; two databases side by side,
# several runs summarised, one profile file as text, a CFG or the call
# graph as Graphviz DOT, and the database in pprof's format.
AN_TOOL_LIBS = analysis/report/libreport.a analysis/lib/libanalysis.a daemon/libprofdb.a \
	timing/libtiming.a pmu/libpmu.a isa/libisa.a util/libutil.a $(LIBDW_LIBS) $(LIBELF_LIBS) -lm
bin_PROGRAMS += analysis/truthcsv
analysis_truthcsv_SOURCES = analysis/truthcsv.c
analysis_truthcsv_LDADD = analysis/lib/libanalysis.a util/libutil.a
bin_PROGRAMS += analysis/dcpiprof
analysis_dcpiprof_SOURCES = analysis/dcpiprof.c
analysis_dcpiprof_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpiprof_LDADD = $(AN_TOOL_LIBS)
AN_TOOLS = analysis/dcpicalc analysis/dcpilist analysis/dcpitopstalls \
	analysis/dcpiwhatcg analysis/dcpiaccuracy analysis/dcpicallers
bin_PROGRAMS += $(AN_TOOLS)
analysis_dcpicalc_LDADD = $(AN_TOOL_LIBS)
analysis_dcpilist_LDADD = $(AN_TOOL_LIBS)
analysis_dcpitopstalls_LDADD = $(AN_TOOL_LIBS)
analysis_dcpiwhatcg_LDADD = $(AN_TOOL_LIBS)
analysis_dcpiaccuracy_LDADD = $(AN_TOOL_LIBS)
analysis_dcpicallers_LDADD = $(AN_TOOL_LIBS)
AN_TOOLS2 = analysis/dcpidiff analysis/dcpistats analysis/dcpicat analysis/dcpi2dot
bin_PROGRAMS += $(AN_TOOLS2)
analysis_dcpidiff_LDADD = $(AN_TOOL_LIBS)
analysis_dcpistats_LDADD = $(AN_TOOL_LIBS)
analysis_dcpicat_LDADD = $(AN_TOOL_LIBS)
analysis_dcpi2dot_LDADD = $(AN_TOOL_LIBS)
bin_PROGRAMS += analysis/dcpiexport
analysis_dcpiexport_LDADD = analysis/report/libpprof.a $(AN_TOOL_LIBS) $(ZLIB_LIBS)

include analysis/accuracy/local.mk

# dcpirecords: the instruction-sampling records kept whole (docs/tools.md,
# "dcpirecords"), read back from the database's record streams, and the
# truth beside them, by analysis/lib/records.c.
analysis_lib_libanalysis_a_SOURCES += analysis/lib/records.h analysis/lib/records.c \
	analysis/lib/datasyms.h analysis/lib/datasyms.c analysis/lib/recdata.h analysis/lib/recdata.c
bin_PROGRAMS += analysis/dcpirecords
analysis_dcpirecords_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpirecords_LDADD = $(AN_TOOL_LIBS)

# dcpiratio: two independently sampled events divided per procedure or
# instruction, with the ratio's sampling error (docs/tools.md, "dcpiratio").
bin_PROGRAMS += analysis/dcpiratio
analysis_dcpiratio_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
analysis_dcpiratio_LDADD = $(AN_TOOL_LIBS)
