# sim/: alphasim, the program on top of the simulator's layers
# (docs/architecture.md): its command line, and --profile, which reads
# the database back with the analysis library (analysis/lib/report.h).
bin_PROGRAMS += sim/alphasim
# --profile (sim/profile.c) reads the database with the analysis library
# (analysis/lib/report.h) and summarises it with its session.h.
sim_alphasim_SOURCES = sim/main.c sim/opts.h sim/opts.c sim/run.h sim/run.c \
	sim/profile.h sim/profile.c sim/dblock.h sim/dblock.c sim/progress.h sim/progress.c
sim_alphasim_CFLAGS = $(AM_CFLAGS) -O2 $(LIBELF_CFLAGS)
sim_alphasim_LDADD = analysis/lib/libanalysis.a daemon/libprofdb.a \
	$(SIM_LIBS) $(LIBELF_LIBS) -lm
# The live view (sim/view.h, docs/view.md), with SDL2 when configure found it.
sim_alphasim_SOURCES += sim/view.h
if HAVE_SDL2
sim_alphasim_SOURCES += sim/view.c sim/viewdraw.h sim/viewdraw.c sim/viewmodel.h \
	sim/viewmodel.c
sim_alphasim_CFLAGS += $(SDL2_CFLAGS)
sim_alphasim_LDADD += $(SDL2_LIBS)
else
sim_alphasim_SOURCES += sim/view_none.c
endif

# The guest programs --profile runs, installed beside minios.elf where
# paths_find_file looks for them.
profiledir = $(pkglibdir)
profile_DATA = daemon/dcpid.lnx testprogs/accuracy/workload.lnx

# alphasim-sweep (docs/sweeps.md): a sweep spec's cross product of runs
# on GNU parallel or Slurm; a Python script built beside alphasim, where
# it finds alphasim (and the analysis tools in ../analysis).
bin_SCRIPTS = sim/alphasim-sweep
sim/alphasim-sweep: $(srcdir)/sim/alphasim-sweep.py
	$(AM_V_GEN)cp $(srcdir)/sim/alphasim-sweep.py $@ && chmod +x $@
CLEANFILES += sim/alphasim-sweep
EXTRA_DIST += sim/alphasim-sweep.py

# make docs-view: docs/view.md's picture (docs/view.png, a build product)
# of the default workload at a cycle just after a sample.
docs-view: docs/view.png
docs/view.png: sim/alphasim$(EXEEXT) minios/minios.elf $(profile_DATA)
	@$(MKDIR_P) docs
	$(AM_V_GEN)rm -rf $@.db $@.db.truth && \
	  sim/alphasim -q --profile=$@.db --view-png $@ --view-at 59999310 >/dev/null; \
	  st=$$?; rm -rf $@.db $@.db.truth; exit $$st
CLEANFILES += docs/view.png
.PHONY: docs-view

# bash completion for alphasim's options and the analysis tools',
# generated from each one's --help (so from sim/opts.c's and
# analysis/report/cli.c's tables: sim/completion.sh), installed where
# bash-completion loads it on first use, under the command's name.
bashcompdir = $(datadir)/bash-completion/completions
COMPLETED_TOOLS = truthcsv dcpiprof dcpiexport dcpirecords dcpiratio $(AN_TOOLS:analysis/%=%) $(AN_TOOLS2:analysis/%=%)
bashcomp_DATA = sim/completion/alphasim $(COMPLETED_TOOLS:%=sim/completion/%)
sim/completion/alphasim: sim/alphasim$(EXEEXT) $(srcdir)/sim/completion.sh
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)$(SHELL) $(srcdir)/sim/completion.sh sim/alphasim$(EXEEXT) >$@.tmp && mv $@.tmp $@
sim/completion/%: analysis/%$(EXEEXT) $(srcdir)/sim/completion.sh
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)$(SHELL) $(srcdir)/sim/completion.sh analysis/$*$(EXEEXT) >$@.tmp && mv $@.tmp $@
CLEANFILES += $(bashcomp_DATA) $(bashcomp_DATA:=.tmp)
EXTRA_DIST += sim/completion.sh
