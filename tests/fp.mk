# tests/fp.mk (fragment; see tests/local.mk)
CONFORM_TESTS += testprogs/isa/fp_arith.c
CONFORM_TESTS += testprogs/isa/fp_cvt.c
CONFORM_TESTS += testprogs/isa/fp_misc.c
CONFORM_TESTS += testprogs/isa/fp_trap.c
