#!/bin/sh
# tests/pal_cli.sh - the options and outputs of the PAL and counter work
# (docs/usage.md, docs/pmu.md): --skid-trace written whole at the end or
# not at all (more in tests/cli_output.sh), a clear error for a file that
# cannot be written, the pmu_delay and pmu_ipl parameters, and the per-CPU
# TB, counter and interrupt statistics in --stats with and without the timing model
# (pmu_skid's four counter interrupts, one deferred by PAL mode and one
# by IPL; pal_intr's software interrupts and AST).
. "$top_srcdir/tests/lib.sh"
pal="$top_builddir/testprogs/pal"

"$ALPHASIM" -q --skid-trace /nonexistent/dir/skid.csv "$pal/pmu_skid.bare" >/dev/null 2>"$tmp/err"
expect_eq "unwritable skid trace: exit status" "$?" 125
grep -q '/nonexistent/dir/skid.csv' "$tmp/err" && ok "the error names the file" ||
	fail "the error does not name the file: $(cat "$tmp/err")"

mkdir "$tmp/skid"
"$ALPHASIM" -q --skid-trace "$tmp/skid/skid.csv" "$pal/pmu_skid.bare" >/dev/null 2>&1
expect_eq "skid trace: exit status" "$?" 0
expect_eq "skid trace: header" "$(head -n 1 "$tmp/skid/skid.csv")" \
	"cpu,counter,event,overflow_cycle,deliver_cycle,cause_pc,delivered_pc,deferred_by"
expect_eq "skid trace: rows" "$(tail -n +2 "$tmp/skid/skid.csv" | wc -l | tr -d ' ')" 4
expect_eq "no temporary file left" "$(ls -A "$tmp/skid")" "skid.csv"

"$ALPHASIM" -c pmu_delay=1001 "$pal/pmu_skid.bare" >/dev/null 2>&1
expect_eq "pmu_delay out of range: exit status" "$?" 125
"$ALPHASIM" --print-config >"$tmp/config"
grep -Eq '^pmu_delay +=  *6 ' "$tmp/config" && grep -Eq '^pmu_ipl +=  *29 ' "$tmp/config" &&
	ok "--print-config lists pmu_delay and pmu_ipl" || fail "--print-config: no pmu_delay/pmu_ipl"
# the counters' level: pal_pmu expects 29, so at 28 it must see INTID 28
"$ALPHASIM" -q -c pmu_ipl=28 "$pal/pal_pmu.bare" >"$tmp/out" 2>&1
grep -q 'FAIL IPL 29: INTID is 1c, want 1d' "$tmp/out" && ok "pmu_ipl=28 sets the level" ||
	fail "pmu_ipl=28 not seen"

for mode in on off; do
	"$ALPHASIM" -q --timing=$mode --stats "$tmp/stats.json" "$pal/pmu_skid.bare" >/dev/null 2>&1
	python3 - "$tmp/stats.json" "$mode" <<'PY' && ok "stats, timing $mode: itb, dtb, pmu, interrupts" ||
import json, sys
c = json.load(open(sys.argv[1]))["cpus"][0]
ctr = c["pmu"]["counters"]
assert c["pmu"]["enabled"] is False            # ICSR<PMA> restored at the end
assert len(ctr) == 3 and ctr[0]["event"] == "cycles"
assert ctr[0]["overflows"] == 4 and ctr[0]["delivered"] == 4, ctr[0]
assert ctr[0]["deferred_pal"] == 1 and ctr[0]["deferred_ipl"] == 1, ctr[0]
i = c["interrupts"]
assert i["taken"] == 4 and i["pmu"] == 4 and i["deferred_pal"] == 1 and i["deferred_ipl"] == 1, i
assert c["itb"]["entries"] == 48 and c["dtb"]["entries"] == 64
PY
	fail "stats, timing $mode"
	# pal_intr's six interrupts: one raised in PAL code, five held by IPLR
	"$ALPHASIM" -q --timing=$mode --stats "$tmp/stats.json" "$pal/pal_intr.bare" >/dev/null 2>&1
	python3 - "$tmp/stats.json" <<'PY' && ok "interrupt counts, timing $mode" ||
import json, sys
i = json.load(open(sys.argv[1]))["cpus"][0]["interrupts"]
assert i == {"taken": 6, "pmu": 0, "deferred_pal": 1, "deferred_ipl": 5}, i
PY
	fail "interrupt counts, timing $mode"
done
finish
