# make accuracy (docs/accuracy.md): the analysis's estimates against the
# truth on the workloads of analysis/accuracy/workloads, at several
# periods and seeds; one table, plots (gnuplot) and every figure in
# $(ACCURACY_OUT) (default ./accuracy-out).  Settings, as make or
# environment variables (analysis/accuracy/run.sh): ACCURACY_OUT,
# ACCURACY_SIZE (small, default, full) or SMALL=1, ACCURACY_JOBS (default:
# make's -j, else the number of cores), ACCURACY_WORKLOADS,
# ACCURACY_PERIODS, ACCURACY_SEEDS, ACCURACY_ESTIMATORS, ACCURACY_HANDLER,
# ACCURACY_KEEP.
ACCURACY_PROGS = $(ACCURACY_DYN) $(ACCURACY_WORKLOAD) $(BENCH_PROGS:=.lnx) \
	$(CORPUS_PROGS:%=testprogs/corpus/%.lnx)
.PHONY: accuracy
accuracy: all $(ACCURACY_PROGS)
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	ALPHASIM='$(abs_top_builddir)/sim/alphasim' \
	ACCURACY_OUT='$(ACCURACY_OUT)' ACCURACY_SIZE='$(ACCURACY_SIZE)' SMALL='$(SMALL)' \
	ACCURACY_JOBS='$(ACCURACY_JOBS)' ACCURACY_WORKLOADS='$(ACCURACY_WORKLOADS)' \
	ACCURACY_PERIODS='$(ACCURACY_PERIODS)' ACCURACY_SEEDS='$(ACCURACY_SEEDS)' \
	ACCURACY_ESTIMATORS='$(ACCURACY_ESTIMATORS)' ACCURACY_KEEP='$(ACCURACY_KEEP)' \
	ACCURACY_HANDLER='$(ACCURACY_HANDLER)' \
	$(SHELL) $(top_srcdir)/analysis/accuracy/run.sh

# make accuracy-pm (docs/precise.md, "The experiment"): the counters
# (CYCLES+IMISS+DMISS) against instruction sampling, pm:intr and
# pm:buffer, at matched sample rates: accuracy and cost in guest cycles;
# a table and a plot in $(ACCURACY_OUT) (default ./accuracy-pm-out).
# Settings as above (analysis/accuracy/pm.sh): ACCURACY_OUT,
# ACCURACY_SIZE or SMALL=1, ACCURACY_JOBS, ACCURACY_WORKLOADS,
# ACCURACY_PERIODS (its first: the CYCLES period), ACCURACY_SEEDS.
.PHONY: accuracy-pm
accuracy-pm: all $(ACCURACY_PROGS)
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	ALPHASIM='$(abs_top_builddir)/sim/alphasim' \
	ACCURACY_OUT='$(ACCURACY_OUT)' ACCURACY_SIZE='$(ACCURACY_SIZE)' SMALL='$(SMALL)' \
	ACCURACY_JOBS='$(ACCURACY_JOBS)' ACCURACY_WORKLOADS='$(ACCURACY_WORKLOADS)' \
	ACCURACY_PERIODS='$(ACCURACY_PERIODS)' ACCURACY_SEEDS='$(ACCURACY_SEEDS)' \
	$(SHELL) $(top_srcdir)/analysis/accuracy/pm.sh

# The driver at a small size on two kernels, and a run that fails
# (tests/accuracy.sh).
TESTS += tests/accuracy.sh
# make accuracy's driver, its table and plots, and its workload lists
# (docs/accuracy.md), in the tarball.
EXTRA_DIST += analysis/accuracy/run.sh analysis/accuracy/table.py \
	analysis/accuracy/plots.gp analysis/accuracy/workloads \
	analysis/accuracy/pm.sh analysis/accuracy/pmtable.py analysis/accuracy/pmplots.gp
