#!/bin/sh
# hostfs from a guest program (testprogs/smp/hostfs.c): open, read,
# write, stat, readdir, mkdir, rename, unlink and ftruncate through the
# device on a --root tree, the read-only --sysroot, escapes through "..",
# an absolute and a relative symbolic link refused with nothing created
# outside the tree; the current directory as the default root; bad
# --root, --sysroot and --cpus values refused with one line naming them.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
prog="$smp/hostfs.bare"
case $prog in /*) ;; *) prog="$PWD/$prog" ;; esac

setup() {
	rm -rf "$tmp/t"
	mkdir -p "$tmp/t/root" "$tmp/t/outside" "$tmp/t/sys"
	printf 'hello from the host\n' >"$tmp/t/root/hello.txt"
	ln -s "$tmp/t/outside" "$tmp/t/root/abs"
	ln -s ../outside "$tmp/t/root/rel"
	printf 'sysroot\n' >"$tmp/t/sys/marker"
}

# verify WHAT: the tree after the program ran
verify() {
	[ "$(cat "$tmp/t/root/dir/renamed.txt")" = "written" ] &&
		ok "$1: renamed, written, truncated" || fail "$1: dir/renamed.txt"
	[ ! -e "$tmp/t/root/new.txt" ] && [ ! -e "$tmp/t/root/gone.txt" ] &&
		ok "$1: rename and unlink removed the old names" || fail "$1: old names left"
	[ "$(cat "$tmp/t/root/hello.txt")" = "hello from the host" ] &&
		ok "$1: hello.txt intact" || fail "$1: hello.txt changed"
	left=$(cd "$tmp/t" && find . -path ./root -prune -o -print | sort | tr '\n' ' ')
	expect_eq "$1: nothing created outside the root" "$left" ". ./outside ./sys ./sys/marker "
}

for t in on off; do
	setup
	run hostfs "$tmp/out" --timing=$t --root "$tmp/t/root" --sysroot "$tmp/t/sys"
	verify "timing $t"
done

# the default root is the current directory
setup
(cd "$tmp/t/root" && "$ALPHASIM" -q --sysroot "$tmp/t/sys" "$prog") >"$tmp/out" 2>&1
expect_eq "default root: exit status" "$?" 0
verify "default root"

# bad trees and CPU counts: status 125, one line naming the input
bad() {
	what=$1 pat=$2; shift 2
	"$ALPHASIM" -q "$@" "$prog" >"$tmp/out" 2>&1
	expect_eq "$what: exit status" "$?" 125
	grep -q -- "$pat" "$tmp/out" && [ "$(wc -l <"$tmp/out")" -eq 1 ] &&
		ok "$what: one line naming it" || { fail "$what: message"; cat "$tmp/out"; }
}
bad "missing --root" "--root: $tmp/nonexistent: No such file or directory" --root "$tmp/nonexistent"
bad "file as --root" "--root: $tmp/t/root/hello.txt: Not a directory" --root "$tmp/t/root/hello.txt"
bad "missing --sysroot" "--sysroot: $tmp/nosys: No such file or directory" --sysroot "$tmp/nosys"
bad "--cpus 0" "bad value '0' for --cpus" --cpus 0
bad "--cpus 9" "bad value '9' for --cpus" --cpus 9
finish
