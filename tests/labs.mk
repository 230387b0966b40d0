# tests/labs.mk (fragment; see tests/local.mk) - the teaching labs
# (labs/, docs/labs.md): each lab's test runs it small and checks what
# its handout says; `make lab-N` runs lab N at full size into ./lab-N.
GUEST_CHECK += minios/minios.elf daemon/dcpid.lnx
TESTS += tests/lab_1.sh tests/lab_2.sh tests/lab_3.sh tests/lab_4.sh tests/lab_5.sh
EXTRA_DIST += labs
LAB_ENV = top_builddir='$(abs_top_builddir)' ALPHASIM='$(abs_top_builddir)/sim/alphasim' \
	ANALYSIS='$(abs_top_builddir)/analysis' ALPHA_CC='$(ALPHA_CC)'
# make lab-N: the lab whose directory is labs/N-NAME.
LABS = lab-1 lab-2 lab-3 lab-4 lab-5
.PHONY: $(LABS)
$(LABS): lab-%: all
	$(LAB_ENV) $(srcdir)/labs/$*-*/run -o lab-$*
