# Command-line behaviour: the demo runs, bad input is refused cleanly.
TESTS += tests/cli_demo.sh tests/cli_badinput.sh
# The progress line (sim/progress.c): on a terminal only, changing nothing.
TESTS += tests/cli_progress.sh
# --profile DIR refused with a hint; the summary's commands run where the user is.
TESTS += tests/cli_profile.sh

# Output files (util/outfile): the module, and alphasim's --stats, --truth
# and --skid-trace on devices, pipes, links and unwritable directories.
TESTS += tests/cli_output.sh
if HAVE_CMOCKA
check_PROGRAMS += tests/test_outfile
TESTS += tests/test_outfile
tests_test_outfile_SOURCES = tests/test_outfile.c
tests_test_outfile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_outfile_LDADD = util/libutil.a $(CMOCKA_LIBS)
endif

# Stripped programs: --disassemble beside objdump, dcpiprof's symbols.
TESTS += tests/stripped.sh
