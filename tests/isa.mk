# tests/isa.mk (fragment; see tests/local.mk)
# The instruction table and the disassembler generated from it.

# Encoding sweep against objdump: every opcode and function value
# (tests/disasm_words.c writes the words and alphasim's text for them).
check_PROGRAMS += tests/disasm_words
tests_disasm_words_SOURCES = tests/disasm_words.c
tests_disasm_words_LDADD = isa/libisa.a util/libutil.a $(LIBELF_LIBS)

# alphasim --disassemble: glibc against objdump -d, and bad input.
TESTS += tests/disasm_objdump.sh tests/disasm_sweep.sh tests/disasm_badinput.sh

if HAVE_CMOCKA
# Table round trip, no overlapping lines, consistent fields.
check_PROGRAMS += tests/test_isa
tests_test_isa_SOURCES = tests/test_isa.c
tests_test_isa_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_test_isa_LDADD = isa/libisa.a util/libutil.a $(LIBELF_LIBS) $(CMOCKA_LIBS)
TESTS += tests/test_isa
endif
