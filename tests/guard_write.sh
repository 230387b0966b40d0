#!/bin/sh
# tests/guard_write.sh - what a guest may write to the host
# (docs/usage.md, "What a guest can reach").  RLIMIT_FSIZE as Linux
# has it (testprogs/guard/fsize rlimit: setrlimit and getrlimit, the raw calls
# keeping their argument registers and taking 2^63 - 1 for infinity, a
# short write at the limit, EFBIG and SIGXFSZ past it, truncates, death
# by SIGXFSZ, 128 + 25), the same under qemu-alpha when there is one.
# alphasim's own limit (--write-limit MB, the write_limit_mb parameter):
# a program writing 1 MB blocks gets exactly the limit's bytes, then
# ENOSPC; a sparse file of 1 TB is refused by pwrite and by ftruncate;
# shrinking a file gives its bytes back; the stats say what was added
# and refused, one line at the end says the limit was reached, and the
# default limit is finite.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
cp "$B/testprogs/guard/fsize.dyn" .

"$ALPHASIM" -q fsize.dyn rlimit > out 2> err
expect_eq "RLIMIT_FSIZE: killed by SIGXFSZ at last" "$?" 153
grep FAIL out
expect_eq "RLIMIT_FSIZE: every check" "$(grep -c '^ok: ' out)" 20
if [ -n "${QEMU_ALPHA:-}" ] && [ -x "$QEMU_ALPHA" ]; then
	rm -f limited
	qemu_run qout -L "$ALPHA_SYSROOT" ./fsize.dyn rlimit 2> /dev/null
	expect_eq "RLIMIT_FSIZE under qemu-alpha: status" "$?" 153
	same_file "RLIMIT_FSIZE" out qout "qemu-alpha's"
fi

"$ALPHASIM" -q --write-limit 2 --stats st.json fsize.dyn fill > out 2> err
expect_eq "--write-limit 2: the program's status" "$?" 0
sed "s/^/  /" out err
grep -qx "wrote 2097152 bytes, then No space left on device" out &&
	ok "--write-limit 2: 2 MB written, then ENOSPC" || fail "--write-limit 2: $(head -1 out)"
grep -qx "pwrite at 1 TB: No space left on device" out &&
	ok "a sparse pwrite at 1 TB: ENOSPC" || fail "a sparse pwrite at 1 TB went through"
grep -qx "ftruncate to 1 TB: No space left on device" out &&
	ok "ftruncate to 1 TB: ENOSPC" || fail "ftruncate to 1 TB went through"
grep -qx "after ftruncate to 0: a block fits again" out &&
	ok "shrinking gives the bytes back" || fail "shrinking gave nothing back"
expect_eq "the files on the host: big, sparse" "$(wc -c < big) $(wc -c < sparse)" "1048576 0"
grep -q '"hostfs": { "requests": [0-9]*, "write_limit": 2097152, "bytes_added": 1048576, "writes_refused": 3 }' st.json &&
	ok "the stats: the limit, the bytes added, 3 refused" || fail "the stats: $(grep hostfs st.json)"
grep -qx "alphasim: the guest's files reached the write limit (--write-limit 2 MB): 3 writes or truncates failed with ENOSPC" err &&
	ok "one line says the limit was reached" || fail "no line on the limit"

"$ALPHASIM" -q --stats st.json fsize.dyn rlimit > out 2> err
grep -q '"write_limit": 4294967296,' st.json && ok "the default limit: 4096 MB" ||
	fail "the default limit: $(grep hostfs st.json)"
grep -q "write limit" err && fail "a run within the limit mentions it" ||
	ok "a run within the limit says nothing of it"
finish
