# tests/conform.mk (fragment; see tests/local.mk)
# ISA conformance outside FP arithmetic (docs/testing.md): each program
# runs on alphasim and under qemu-alpha and the outputs must agree.
ISA_CONFORM = testprogs/isa/trap_basic.c \
	testprogs/isa/int_arith.c testprogs/isa/int_logic.c \
	testprogs/isa/int_shift.c testprogs/isa/int_mul.c \
	testprogs/isa/ext_bwx.c testprogs/isa/ext_cix.c testprogs/isa/ext_mvi.c \
	testprogs/isa/mem_lda.c testprogs/isa/mem_ldst.c testprogs/isa/mem_bwx.c \
	testprogs/isa/mem_unaligned.c testprogs/isa/mem_locked.c \
	testprogs/isa/ctl_branch.c testprogs/isa/ctl_jump.c testprogs/isa/ctl_misc.c
CONFORM_TESTS += $(ISA_CONFORM)

# Exceptions on alphasim alone, checked against the architecture.
EXC_PROGS = testprogs/pal/exc_opcdec.bare testprogs/pal/exc_unalign.bare \
	testprogs/pal/exc_arith.bare
GUEST_CHECK += $(EXC_PROGS)
TESTS += tests/exc_opcdec.sh tests/exc_unalign.sh tests/exc_arith.sh
CLEANFILES += $(ISA_CONFORM:.c=.bare) $(ISA_CONFORM:.c=.lnx) $(EXC_PROGS)
