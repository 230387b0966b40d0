#!/bin/sh
# tests/realprogs_zlib.sh - zlib's own test programs, built from Debian's
# zlib source, on alphasim against qemu-alpha (tests/realprogs_lib.sh):
# example (zlib's self-test; it writes foo.gz) and minigzip compressing
# and decompressing a file and a pipe, its output checked by the host's
# gzip.
. "${top_srcdir:-$(dirname "$0")/..}/tests/realprogs_lib.sh"
rp_package zlib

head -c 20000 "$RP_SRC/ChangeLog" >"$tmp/log"
zlib() {
	rp_run example
	rp_check "foo.gz is a gzip file" gzip -t foo.gz
	cp log orig
	rp_run minigzip -9 log                  # log.gz, log removed
	rp_check "gzip reads minigzip's output" sh -c 'gzip -dc log.gz | cmp - orig'
	rp_run minigzip -d log.gz
	rp_check "the round trip gives the input back" cmp log orig
	gzip -1 -c orig | rp_run minigzip -d >piped
	rp_check "minigzip reads gzip's output" cmp piped orig
	rp_run minigzip -d orig                 # not a .gz: an error
}
rp_case zlib zlib "$tmp/log"
finish
