# tests/fp.mk (fragment; see tests/local.mk)
# IEEE floating-point conformance, alphasim against qemu-alpha (docs/fp.md).
FP_CONFORM = testprogs/isa/fp_arith.c testprogs/isa/fp_cvt.c \
	testprogs/isa/fp_misc.c testprogs/isa/fp_trap.c
CONFORM_TESTS += $(FP_CONFORM)
$(FP_CONFORM:.c=.bare) $(FP_CONFORM:.c=.lnx): $(srcdir)/testprogs/isa/fp_common.h
CLEANFILES += $(FP_CONFORM:.c=.bare) $(FP_CONFORM:.c=.lnx)
