#!/bin/sh
# tests/realprogs_lua.sh - Debian's Lua 5.4 interpreter on alphasim against
# qemu-alpha (tests/realprogs_lib.sh): testprogs/real/lua/bench.lua at its
# smallest size (make bench runs it at 40), a script on standard input,
# and errors and exit statuses.
. "${top_srcdir:-$(dirname "$0")/..}/tests/realprogs_lib.sh"
rp_package lua

bench() {
	rp_run lua bench.lua 1
	echo 'print(("x"):rep(3), #arg, ...) os.exit(3)' | rp_run lua - a b
	rp_run lua -e 'local t = setmetatable({}, {__index = function(_, k) return k * 2 end}) print(t[21])' \
		-e 'error("deliberate")'
}
rp_case bench bench "$top_srcdir/testprogs/real/lua/bench.lua"
finish
