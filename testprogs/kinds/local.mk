# testprogs/kinds/ (included by testprogs/local.mk): hot.c built each
# way a user builds a program with Debian's cross gcc (plain -O2 is dynamic
# and non-PIE there; -pie; -static, which needs --no-relax: docs/ev5.md
# "The cross toolchain"), libhot.so, which hot dlopens, and spie.c, a
# static PIE (that toolchain cannot make one with glibc: spie.c).  Explicit
# rules, not the %.dyn and %.lnx patterns, which add options a user does
# not.
# tests/profile_kinds.sh profiles them.
KINDS_PROGS = testprogs/kinds/hot.dyn testprogs/kinds/hot.pie \
	testprogs/kinds/hot.static testprogs/kinds/spie testprogs/kinds/libhot.so
testprogs/kinds/hot.dyn: testprogs/kinds/hot.c testprogs/kinds/hot.h
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) -O2 -o $@ $<
testprogs/kinds/hot.pie: testprogs/kinds/hot.c testprogs/kinds/hot.h
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) -O2 -pie -o $@ $<
# (ld warns that a static program's dlopen needs the shared libraries
# at run time: they are the sysroot's, as for hot.dyn)
testprogs/kinds/hot.static: testprogs/kinds/hot.c testprogs/kinds/hot.h
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) -O2 -static -Wl,--no-relax -o $@ $<
testprogs/kinds/libhot.so: testprogs/kinds/libhot.c
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) -O2 -shared -fPIC -o $@ $<
testprogs/kinds/spie: testprogs/kinds/spie.c testprogs/kinds/hot.h
	@$(MKDIR_P) $(@D)
	$(AM_V_CCLD)$(ALPHA_CC) -O2 -ffreestanding -fPIE -msmall-text -nostdlib \
	  -Wl,-pie,--no-dynamic-linker -o $@ $<
CLEANFILES += $(KINDS_PROGS)
