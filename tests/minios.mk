# minios: static Linux/Alpha programs (testprogs/linux/*.c, built with
# the cross toolchain's glibc) run on alphasim under minios and under
# qemu-alpha; standard output and exit status must agree (tests/minios.sh).
MINIOS_PROGS = hello args malloc fileio stdio strmath status unaligned fault \
	divzero
MINIOS_LNX = $(MINIOS_PROGS:%=testprogs/linux/%.lnx)
testprogs/linux/%.lnx: $(srcdir)/testprogs/linux/%.c
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) $(ALPHA_LNX_LINK) -o $@ $< -lm
GUEST_CHECK += $(MINIOS_LNX) minios/minios.elf
CLEANFILES += $(MINIOS_LNX)
TESTS += tests/minios_boot.sh tests/minios.sh
