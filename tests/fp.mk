# tests/fp.mk (fragment; see tests/local.mk)
# IEEE floating-point conformance, alphasim against qemu-alpha (docs/fp.md).
FP_CONFORM = testprogs/isa/fp_arith.c testprogs/isa/fp_cvt.c \
	testprogs/isa/fp_misc.c testprogs/isa/fp_trap.c
CONFORM_TESTS += $(FP_CONFORM)
$(FP_CONFORM:.c=.bare) $(FP_CONFORM:.c=.lnx): $(srcdir)/testprogs/isa/fp_common.h
CLEANFILES += $(FP_CONFORM:.c=.bare) $(FP_CONFORM:.c=.lnx)

# fpu_compute against the host's IEEE arithmetic and hand-written cases.
if HAVE_CMOCKA
check_PROGRAMS += tests/test_fpu
TESTS += tests/test_fpu
tests_test_fpu_SOURCES = tests/test_fpu.c
tests_test_fpu_CFLAGS = $(AM_CFLAGS) -O2 $(CMOCKA_CFLAGS)
tests_test_fpu_LDADD = isa/libisa.a $(CMOCKA_LIBS) -lm
endif
