# minios: static Linux/Alpha programs (testprogs/linux/*.c, built with
# the cross toolchain's glibc) run on alphasim under minios and under
# qemu-alpha; standard output and exit status must agree (tests/minios.sh).
MINIOS_PROGS = hello args malloc fileio stdio strmath status unaligned fault \
	divzero
MINIOS_LNX = $(MINIOS_PROGS:%=testprogs/linux/%.lnx)
testprogs/linux/%.lnx: $(srcdir)/testprogs/linux/%.c
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) $(ALPHA_LNX_LINK) -o $@ $< -lm
# Processes, threads, signals on 1 and 4 CPUs (testprogs/minios/*.c,
# the second half of tests/minios.sh).
MINIOS_PROC = forkwait execee forkexec pipes threads shared signals futex sleep \
	sigcheck limits pgrp altstack trace
MINIOS_PROC_LNX = $(MINIOS_PROC:%=testprogs/minios/%.lnx)
GUEST_CHECK += $(MINIOS_LNX) $(MINIOS_PROC_LNX) minios/minios.elf
CLEANFILES += $(MINIOS_LNX) $(MINIOS_PROC_LNX)
TESTS += tests/minios_boot.sh tests/minios.sh
# Memory, program loading and image hooks (tests/minios_mem.sh): dynamic
# builds (NAME.dyn, glibc from the sysroot; NAME.pie position-independent)
# and testprogs/minios_mem.
MINIOS_MEM = $(addprefix testprogs/linux/,hello.dyn args.dyn args.pie \
	stdio.dyn strmath.dyn fileio.dyn) $(foreach p,mmapfile mprotect_segv cow, \
	testprogs/minios_mem/$(p).lnx testprogs/minios_mem/$(p).dyn)
%.dyn: %.c
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) -o $@ $< -lm
%.pie: %.c
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) $(ALPHA_CFLAGS) -fPIE -pie -o $@ $< -lm
GUEST_CHECK += $(MINIOS_MEM)
CLEANFILES += $(MINIOS_MEM)
TESTS += tests/minios_mem.sh
TESTS += tests/idle.sh
# File system calls (tests/minios_fs.sh, testprogs/minios_fs).
MINIOS_FS = stattimes setid special links meta locks nosock
MINIOS_FS_LNX = $(MINIOS_FS:%=testprogs/minios_fs/%.lnx)
GUEST_CHECK += $(MINIOS_FS_LNX)
CLEANFILES += $(MINIOS_FS_LNX)
TESTS += tests/minios_fs.sh
