# The corpus (docs/testing.md, "Corpus"): every testprogs/corpus/NAME.c
# is a small self-checking C program, built static (NAME.lnx, the
# generic rule of testprogs/local.mk: -static -Wl,--no-relax) and
# dynamic (NAME.dyn).
# tests/corpus.sh runs each on alphasim with 1 and 4 CPUs against
# qemu-alpha (or NAME.expected where qemu cannot be the reference).
CORPUS_PROGS = $(sort $(notdir $(basename $(wildcard $(srcdir)/testprogs/corpus/*.c))))
CORPUS_BIN = $(CORPUS_PROGS:%=testprogs/corpus/%.lnx) $(CORPUS_PROGS:%=testprogs/corpus/%.dyn)
CORPUS_HDRS = $(srcdir)/testprogs/corpus/corpus.h $(srcdir)/testprogs/corpus/text.h
$(CORPUS_BIN): $(CORPUS_HDRS)
GUEST_CHECK += $(CORPUS_BIN) $(QEMU_ICOUNT) minios/minios.elf
CLEANFILES += $(CORPUS_BIN)
TESTS += tests/corpus.sh
