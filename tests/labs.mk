# tests/labs.mk (fragment; see tests/local.mk) - the teaching labs
# (labs/, docs/labs.md): each lab's test runs it small and checks what
# its handout says; `make lab-N` runs lab N at full size into ./lab-N.
GUEST_CHECK += minios/minios.elf daemon/dcpid.lnx
TESTS += tests/lab_1.sh tests/lab_2.sh tests/lab_3.sh tests/lab_4.sh tests/lab_5.sh
EXTRA_DIST += labs
LAB_ENV = top_builddir='$(abs_top_builddir)' ALPHASIM='$(abs_top_builddir)/sim/alphasim' \
	ANALYSIS='$(abs_top_builddir)/analysis' ALPHA_CC='$(ALPHA_CC)'
.PHONY: lab-1
lab-1: all
	$(LAB_ENV) $(srcdir)/labs/1-skid/run -o lab-1
.PHONY: lab-3
lab-3: all
	$(LAB_ENV) $(srcdir)/labs/3-period/run -o lab-3
.PHONY: lab-5
lab-5: all
	$(LAB_ENV) $(srcdir)/labs/5-estimate/run -o lab-5
.PHONY: lab-2
lab-2: all
	$(LAB_ENV) $(srcdir)/labs/2-blind/run -o lab-2
.PHONY: lab-4
lab-4: all
	$(LAB_ENV) $(srcdir)/labs/4-sources/run -o lab-4
