#!/bin/sh
# The machine description: --print-config, -c key=value, --config FILE,
# --timing=on|off, and that every output records the parameters.  Bad
# keys, values and files give one line naming them and status 125.
. "$top_srcdir/tests/lib.sh"
dep="$top_builddir/testprogs/timing/dep_add.bare"
demo="$top_builddir/testprogs/demo.bare"

# check NAME PATTERN LINES ARGS...: status 125, at most LINES lines of
# error (1 for bad input; usage errors add "Try 'alphasim --help'")
check() {
	name=$1 pat=$2 max=$3; shift 3
	"$ALPHASIM" "$@" >"$tmp/out" 2>"$tmp/err"; st=$?
	expect_eq "$name: exit status" "$st" 125
	if grep -q -- "$pat" "$tmp/err"; then ok "$name: message"; else
		fail "$name: message lacks '$pat':"; cat "$tmp/err"; fi
	[ "$(wc -l <"$tmp/err")" -le "$max" ] && ok "$name: short message" ||
		fail "$name: $(wc -l <"$tmp/err") lines of error"
}

"$ALPHASIM" --print-config >"$tmp/cfg"
expect_eq "print-config exit status" "$?" 0
grep -q '^lat_mem *= 100 ' "$tmp/cfg" && ok "print-config lists lat_mem" || fail "print-config: lat_mem"
grep -q '^clock_mhz *= 333 ' "$tmp/cfg" && ok "print-config lists the clock" || fail "print-config: clock"
grep -q '^bmisp_penalty .*(assumed)$' "$tmp/cfg" && ok "assumed defaults are marked" || fail "no (assumed) mark"
"$ALPHASIM" -c lat_mem=150 --print-config | grep -q '^lat_mem *= 150 ' &&
	ok "-c sets a parameter" || fail "-c lat_mem=150"

printf '# a comment\n\nlat_int = 2   # trailing comment\nscache_kb=192\n' >"$tmp/good.cfg"
"$ALPHASIM" --config "$tmp/good.cfg" --print-config >"$tmp/cfg2"
grep -q '^lat_int *= 2 ' "$tmp/cfg2" && grep -q '^scache_kb *= 192 ' "$tmp/cfg2" &&
	ok "--config reads key = value lines" || fail "--config"

# The model follows the description: dependent adds at latency 2.
out=$("$ALPHASIM" -q --config "$tmp/good.cfg" "$dep")
expect_eq "lat_int=2 doubles the dependent-add loop" "$out" "bench: iters=2000 cycles=32000"

# Outputs record the parameters.
"$ALPHASIM" -q -c lat_mem=123 --stats "$tmp/s.json" --truth "$tmp/t" "$dep" >/dev/null
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); p=d['params'];
assert p['lat_mem'] == 123 and p['timing'] == 'on' and p['icache_kb'] == 8
c=d['cpus'][0]; assert c['dcache']['loads'] > 0 and c['bpred']['cond_branches'] > 0" "$tmp/s.json" &&
	ok "stats record the parameters and the structures" || fail "stats params"
"$top_builddir/analysis/truthcsv" --params "$tmp/t" | grep -qx 'lat_mem=123' &&
	ok "truth file records the parameters" || fail "truth params"

# --timing=off: the functional core alone, one cycle per instruction.
"$ALPHASIM" -q --timing=off --stats "$tmp/off.json" "$demo" >/dev/null
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); c=d['cpus'][0]
assert d['params']['timing'] == 'off' and c['cycles'] == c['instructions']['total']
assert 'dcache' not in c" "$tmp/off.json" && ok "--timing=off" || fail "--timing=off"

printf 'lat_int = 2\nno_such_key = 3\n' >"$tmp/badkey.cfg"
printf 'lat_int 2\n' >"$tmp/badline.cfg"
check "unknown key" "unknown parameter 'frob'" 1 -c frob=1 "$dep"
check "bad value" "bad value 'x' for lat_mem" 1 -c lat_mem=x "$dep"
check "out of range" "bad value '0' for lat_mem" 1 -c lat_mem=0 "$dep"
check "not a power of two" "bad value '3000' for bht_entries" 1 -c bht_entries=3000 "$dep"
check "no equals sign" "bad configuration 'lat_mem'" 1 -c lat_mem "$dep"
check "missing config file" "$tmp/nope.cfg: No such file" 1 --config "$tmp/nope.cfg" "$dep"
check "bad key in file" "badkey.cfg:2: unknown parameter 'no_such_key'" 1 --config "$tmp/badkey.cfg" "$dep"
check "bad line in file" "badline.cfg:1: bad line" 1 --config "$tmp/badline.cfg" "$dep"
check "bad geometry" "bad scache geometry" 1 -c scache_kb=100 "$dep"
check "bad --timing" "bad value 'maybe' for --timing" 2 --timing=maybe "$dep"
check "truth without timing" "--truth needs the timing model" 2 --timing=off --truth "$tmp/x" "$dep"
check "truth to a bad path" "$tmp/no/dir/t" 1 -q --truth "$tmp/no/dir/t" "$dep"
[ ! -e "$tmp/no/dir/t" ] && ok "no half-written truth file" || fail "truth file left"
"$top_builddir/analysis/truthcsv" "$tmp/good.cfg" >/dev/null 2>"$tmp/err"
expect_eq "truthcsv refuses a non-truth file" "$?" 125
grep -q "not an alphasim truth file" "$tmp/err" && ok "truthcsv: message" || fail "truthcsv message"
finish
