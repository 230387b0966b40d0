# tests/conform.mk (fragment; see tests/local.mk)
CONFORM_TESTS += testprogs/isa/trap_basic.c
CONFORM_TESTS += testprogs/isa/int_arith.c
