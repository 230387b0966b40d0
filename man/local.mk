# man/: a manual page for alphasim and for each tool, DCPI's manuals the
# model (NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS, FILES,
# EXAMPLES, SEE ALSO), installed into man1.  Each is made from
# man/NAME.1.in: where a line says ANTOOLS_OPTIONS, ANTOOLS_SCOPE or
# ANTOOLS_EXIT (between @ signs), the analysis tools' shared options,
# scope and exit status are read in, one copy of what their --help
# shares (analysis/report/cli.c); then VERSION and pkglibdir (between @
# signs) are filled in.  tests/man.sh
# checks that each renders without warnings and names every option of
# its program's --help.
MAN_PAGES = alphasim alphasim-sweep truthcsv dcpiprof dcpicalc dcpilist \
	dcpitopstalls dcpiwhatcg dcpiaccuracy dcpidiff dcpistats dcpicat dcpi2dot dcpiexport \
	dcpicallers dcpirecords dcpiratio
nodist_man1_MANS = $(MAN_PAGES:%=man/%.1)
MAN_PARTS = $(srcdir)/man/antools-options.in $(srcdir)/man/antools-scope.in \
	$(srcdir)/man/antools-exit.in
man/%.1: $(srcdir)/man/%.1.in $(MAN_PARTS) Makefile
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)sed -e '/^[@]ANTOOLS_OPTIONS[@]$$/{' -e 'r $(srcdir)/man/antools-options.in' -e 'd' -e '}' \
	  -e '/^[@]ANTOOLS_SCOPE[@]$$/{' -e 'r $(srcdir)/man/antools-scope.in' -e 'd' -e '}' \
	  -e '/^[@]ANTOOLS_EXIT[@]$$/{' -e 'r $(srcdir)/man/antools-exit.in' -e 'd' -e '}' \
	  $(srcdir)/man/$*.1.in | \
	  sed -e 's|[@]VERSION[@]|$(VERSION)|g' -e 's|[@]pkglibdir[@]|$(pkglibdir)|g' \
	  > $@.tmp && mv $@.tmp $@
CLEANFILES += $(nodist_man1_MANS) $(nodist_man1_MANS:=.tmp)
EXTRA_DIST += $(MAN_PAGES:%=man/%.1.in) man/antools-options.in \
	man/antools-scope.in man/antools-exit.in
