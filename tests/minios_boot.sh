#!/bin/sh
# tests/minios_boot.sh - minios.elf run on its own, as a bare-metal image
# without a boot block: the PAL reset flow and the kernel's start must
# bring it to its banner, and it must stop with status 0.
. "$top_srcdir/tests/lib.sh"
"$ALPHASIM" -q "$top_builddir/minios/minios.elf" >"$tmp/out" 2>"$tmp/err"
expect_eq "minios.elf: exit status" "$?" 0
expect_eq "minios.elf: banner" "$(head -n 1 "$tmp/err")" \
	"minios: Alpha 21164, OSF/1 PALcode, Linux/Alpha system calls"
expect_eq "minios.elf: nothing to run" "$(sed -n 2p "$tmp/err")" \
	"minios: no boot block: nothing to run"
cat "$tmp/err"
finish
