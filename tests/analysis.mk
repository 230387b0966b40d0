# tests/analysis.mk (fragment; see tests/local.mk) - the analysis library
# (docs/analysis.md): cmocka tests on hand-assembled procedures with known
# answers, and on a program built by the cross compiler as a user builds
# it (alpha-linux-gnu-gcc -O2), whole and stripped.
AN_TEST_LIBS = analysis/lib/libanalysis.a timing/libtiming.a isa/libisa.a util/libutil.a \
	$(LIBELF_LIBS) -lm
AN_TEST_HDRS = tests/an_asm.h tests/an_fixture.h tests/an_sched_table.h
if HAVE_CMOCKA
AN_TESTS = tests/test_cfg tests/test_dom tests/test_equiv tests/test_freq \
	tests/test_culprit tests/test_image tests/test_issuesched tests/test_truthfile \
	tests/test_whatcg tests/test_search tests/test_table
check_PROGRAMS += $(AN_TESTS)
TESTS += $(AN_TESTS)
tests_test_cfg_SOURCES = tests/test_cfg.c $(AN_TEST_HDRS)
tests_test_cfg_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_cfg_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_dom_SOURCES = tests/test_dom.c $(AN_TEST_HDRS)
tests_test_dom_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_dom_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_equiv_SOURCES = tests/test_equiv.c $(AN_TEST_HDRS)
tests_test_equiv_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_equiv_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_freq_SOURCES = tests/test_freq.c $(AN_TEST_HDRS)
tests_test_freq_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_freq_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_culprit_SOURCES = tests/test_culprit.c $(AN_TEST_HDRS)
tests_test_culprit_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_culprit_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_image_SOURCES = tests/test_image.c
tests_test_image_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_image_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_issuesched_SOURCES = tests/test_issuesched.c $(AN_TEST_HDRS)
tests_test_issuesched_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_issuesched_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_truthfile_SOURCES = tests/test_truthfile.c
tests_test_truthfile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_truthfile_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
tests_test_whatcg_SOURCES = tests/test_whatcg.c $(AN_TEST_HDRS)
tests_test_whatcg_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_whatcg_LDADD = $(AN_TEST_LIBS) $(CMOCKA_LIBS)
# the tools' one table writer (analysis/report/table.h): text, CSV, JSON
tests_test_table_SOURCES = tests/test_table.c
tests_test_table_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_table_LDADD = analysis/report/libreport.a $(AN_TEST_LIBS) $(CMOCKA_LIBS)
# util/search.c, which the truth, the profiles and the images look up by
tests_test_search_SOURCES = tests/test_search.c
tests_test_search_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_search_LDADD = util/libutil.a $(CMOCKA_LIBS)
endif

# The static schedule against the simulator's head cycles on the timing
# microbenchmarks (tests/an_schedule.sh, through tests/an_schedcheck).
check_PROGRAMS += tests/an_schedcheck
tests_an_schedcheck_SOURCES = tests/an_schedcheck.c
tests_an_schedcheck_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
tests_an_schedcheck_LDADD = $(AN_TEST_LIBS)
TESTS += tests/an_schedule.sh

# The tools end to end on the default workload (tests/antools.sh): every
# tool and format, the accuracy floors, each stress kernel's culprit
# named; and their bad input (tests/antools_badinput.sh); interpreters'
# dispatch profiled (tests/andispatch.sh); the estimators on a pointer
# chase and on code larger than the I-cache (tests/anestim.sh).
GUEST_CHECK += $(ACCURACY_DYN) $(ACCURACY_WORKLOAD)
TESTS += tests/antools.sh tests/antools_badinput.sh tests/andispatch.sh tests/anestim.sh
# The truth and the estimate call PALcode's cycles alike (tests/accuracy_paltruth.sh).
TESTS += tests/accuracy_paltruth.sh
# The driver's measure of its handler, against the truth, and the tools'
# use of it (tests/accuracy_handler.sh).
TESTS += tests/accuracy_handler.sh
# Files a guest could have planted in or beside a database, refused by
# every reader (tests/planted_files.sh); crafted images refused by the
# tools that walk their text (tests/elf_crafted.sh).
# tests/planted_files.sh's daemon that plants links (built as a user
# would build it: the .dyn rule).
GUEST_CHECK += testprogs/guard/plantdb.dyn minios/minios.elf
CLEANFILES += testprogs/guard/plantdb.dyn
TESTS += tests/planted_files.sh tests/elf_crafted.sh
# test_image's programs: built like a user's (the .dyn rule of
# testprogs/local.mk: -O2, dynamic), a stripped copy of the switch, and
# the interpreters (also tests/andispatch.sh's).
AN_PROGS = tests/anprogs/switch.dyn tests/anprogs/switch.stripped tests/anprogs/dispatch.dyn
tests/anprogs/switch.stripped: tests/anprogs/switch.dyn
	$(AM_V_GEN)$(ALPHA_OBJCOPY) --strip-all $< $@
GUEST_CHECK += $(AN_PROGS)
CLEANFILES += $(AN_PROGS)

# The tools of comparing and dumping profiles (docs/tools.md):
# tests/tools.sh on the default workload and small runs, their bad input
# (tests/tools_badinput.sh); alphasim-sweep on GNU parallel
# (tests/tools_sweep.sh) and on a single-node Slurm started by the test
# (tests/tools_slurm.sh, skipped where Slurm cannot be installed).
TESTS += tests/tools.sh tests/tools_badinput.sh tests/tools_sweep.sh tests/tools_slurm.sh

# dcpiexport's profile.proto decoded by protoc and checked against
# dcpiprof and dcpilist, on the default workload and on a dynamic program
# built as a user builds it (tests/export.sh, tests/libc_sort.c).
TESTS += tests/export.sh

# Every tool's --json against its written schema (docs/json.md,
# docs/schema/), with a checker of the standard library's
# (tests/json_schema.sh, tests/jsonschema.py).
TESTS += tests/json_schema.sh

# Source lines from DWARF (docs/tools.md, "Source lines"): a -O2 -g
# program with inlined functions, its lines and inline chains against
# alpha-linux-gnu-addr2line, the source views, nothing changed without -g.
TESTS += tests/srclines.sh

# Callers from the estimated block counts (docs/tools.md, "dcpicallers"):
# a -O2 dynamic program's call sites of its own function and of strcmp
# against objdump, the truth's counts against the program's, the estimates
# against the truth (tests/callers.sh).
TESTS += tests/callers.sh
