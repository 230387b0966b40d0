#!/bin/sh
# tests/realprogs_bzip2.sh - Debian's bzip2 on alphasim against qemu-alpha
# (tests/realprogs_lib.sh): a round trip through files and pipes on
# bzip2's own test data, with the modes and times bzip2 copies from its
# input to its output (fchmod, fchown, utimensat).
. "${top_srcdir:-$(dirname "$0")/..}/tests/realprogs_lib.sh"
rp_package bzip2

# 12 KB of bzip2's sample2.ref (a TeX DVI file)
head -c 12000 "$RP_SRC/sample2.ref" >"$tmp/part"

roundtrip() {
	chmod 640 part
	rp_run bzip2 -9 -k part                 # part.bz2: part's mode and times
	rp_run bzip2 -t -v part.bz2
	rp_run bzip2 -d <part.bz2 >back         # standard input to standard output
	rp_check "the round trip gives the input back" cmp back part
	rp_run bzip2 -d sample3.bz2             # bzip2's own test: sample3.bz2 to sample3
	rp_check "sample3.bz2 decompresses to sample3.ref" cmp sample3 "$RP_SRC/sample3.ref"
	rp_run bzip2 -d part                    # not a .bz2: an error, no output file
	rp_run bzip2 -k part.bz2                # already compressed: skipped
	ls
}
rp_case roundtrip roundtrip "$tmp/part" "$RP_SRC/sample3.bz2"
finish
