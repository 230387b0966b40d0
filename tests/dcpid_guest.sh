#!/bin/sh
# tests/dcpid_guest.sh - dcpid in minios (docs/dcpi.md "dcpid").
# By hand (--duration: it profiles itself while the kernel runs one
# process): it must exit 0, account for every sample the driver took and
# leave a database dcpiprof reads back.  With --run PROG on 1 and 4 CPUs
# (testprogs/demo.lnx, and testprogs/dcpi/libcwork built dynamically):
# PROG's output and exit status (128 + signal when killed) as without
# dcpid; conservation, exactly: the driver's interrupts = the samples in
# the database's profiles + the driver's drops = the simulator's own
# count of counter interrupts (below); the program's image has
# most of the user samples and the kernel image some; libc's samples
# land in libc.so.6.1's profile.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
# --root /: host paths are guest paths, and the database lands in $tmp
SIM="$ALPHASIM -q --root /"
get() { sed -n "s/^$1=//p" "$2"; }

# ---- by hand ---------------------------------------------------------------
$SIM "$B/daemon/dcpid.lnx" --duration 0.05 --interval 0.02 --stats st.txt 2> err.txt
expect_eq "dcpid exits 0" "$?" "0"
for k in samples samples_in_db samples_unknown samples_lost samples_bad \
	driver_interrupts driver_samples_read driver_drops flushes; do
	eval "$k=\$(get $k st.txt)"
	eval "[ -n \"\$$k\" ]" || { fail "no $k in the stats: $(cat err.txt)"; finish; }
done
[ "$samples" -gt 0 ] && ok "samples taken ($samples)" || fail "no samples"
expect_eq "dcpid read what the driver handed over" "$samples" "$driver_samples_read"
expect_eq "conservation" "$driver_interrupts" \
	"$((samples_in_db + samples_unknown + samples_lost + samples_bad + driver_drops))"
expect_eq "nothing lost" "$samples_lost $samples_bad" "0 0"
unknown_ok "by hand" st.txt
[ "$flushes" -ge 2 ] && ok "periodic writes on time ($flushes)" || fail "flushes: $flushes"
# every event's samples (dcpid samples CYCLES and IMISS by default): the
# total row's columns that are not percentages
total=$("$B/analysis/dcpiprof" -db dcpidb --csv |
	awk -F, 'NR == 1 { for (i = 2; i <= NF; i++) n[i] = $i }
	         $1 == "total" { for (i = 2; i <= NF; i++) if (n[i] !~ /_pct$/) s += $i; print s }')
expect_eq "dcpiprof reads the samples back" "$total" "$((samples_in_db + samples_unknown))"
ls -a dcpidb/epoch-0001 | grep -q '\.tmp$' && fail "a temporary file remains" || ok "no temporary file"

# ---- --run -----------------------------------------------------------------
# The samples the profiles' headers count (docs/dcpi-db.md), in files $@.
hdr_samples() {
	cat "$@" 2>/dev/null | grep -a '^samples ' | awk '{ s += $2 } END { print s + 0 }'
}
# The simulator's counter interrupts: interrupts.pmu (taken at the
# counters' level) and the overflows PALcode dispatched to entInt(4) on
# entry for another interrupt, which the PMU records as "cleared" (by
# PALcode's HWINT_CLR, its only one; minios/pal/trap.S), not taken.
pmu() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
taken = sum(c["interrupts"]["pmu"] for c in d["cpus"])
cleared = sum(n["cleared"] for c in d["cpus"] for n in c["pmu"]["counters"])
print(taken + cleared, taken)' "$1"
}
# run NAME CPUS STATUS IMAGE PROG ARGS...: PROG under dcpid; IMAGE is the
# profile (file name after the identity) that must have most user samples.
run() {
	name=$1 cpus=$2 want=$3 image=$4
	shift 4
	$SIM --cpus "$cpus" "$@" >ref.out 2>/dev/null
	expect_eq "$name: status without dcpid" "$?" "$want"
	$SIM --cpus "$cpus" --stats "sim.$name.json" "$B/daemon/dcpid.lnx" \
		--db "db.$name" --stats "st.$name" --run "$@" >run.out 2>"err.$name"
	expect_eq "$name: status passed through" "$?" "$want"
	cmp -s ref.out run.out && ok "$name: output unchanged" ||
		fail "$name: output differs: $(diff ref.out run.out | head -5)"
	st="st.$name"
	[ -s "$st" ] || { fail "$name: no stats file: $(tail -3 "err.$name")"; return; }
	intr=$(get driver_interrupts "$st")
	drops=$(get driver_drops "$st")
	in_db=$(hdr_samples "db.$name"/epoch-0001/*.prof)
	expect_eq "$name: the profiles hold what dcpid wrote" "$in_db" \
		"$(($(get samples_in_db "$st") + $(get samples_unknown "$st")))"
	expect_eq "$name: conservation: interrupts = in db + drops" "$intr" "$((in_db + drops))"
	unknown_ok "$name" "$st"
	set -- $(pmu "sim.$name.json")
	expect_eq "$name: interrupts = the simulator's (pmu taken $2)" "$intr" "$1"
	for k in entries_read hits misses evictions switches flushes memory_bytes; do
		[ -n "$(get "driver_$k" "$st")" ] || fail "$name: no driver_$k"
	done
	kernel=$(hdr_samples "db.$name"/epoch-0001/*-minios.elf.*.prof)
	prog=$(hdr_samples "db.$name"/epoch-0001/*-"$image".*.prof)
	user=$((in_db - kernel))
	[ "$kernel" -gt 0 ] && ok "$name: kernel samples ($kernel)" ||
		fail "$name: no kernel samples"
	[ $((prog * 10)) -ge $((user * 8)) ] && [ "$prog" -gt 0 ] &&
		ok "$name: $image has $prog of $user user samples" ||
		fail "$name: $image has $prog of $user user samples"
	echo "$name: interrupts $intr = in db $in_db + drops $drops; kernel $kernel, $image $prog"
}
for cpus in 1 4; do
	run "demo-$cpus" "$cpus" 0 demo.lnx "$B/testprogs/demo.lnx"
	run "libc-$cpus" "$cpus" 3 libc.so.6.1 "$B/testprogs/dcpi/libcwork.dyn" 200 3
done
# one CPU: the program's own work is most of all the samples
demo=$(hdr_samples db.demo-1/epoch-0001/*-demo.lnx.*.prof)
all=$(hdr_samples db.demo-1/epoch-0001/*.prof)
[ $((demo * 10)) -ge $((all * 7)) ] && ok "demo-1: demo.lnx has $demo of $all" ||
	fail "demo-1: demo.lnx has only $demo of $all"
run "killed" 1 134 libcwork.lnx "$B/testprogs/dcpi/libcwork.lnx" 200 -6
$SIM "$B/daemon/dcpid.lnx" --db db.none --run "$tmp/nonexistent" >/dev/null 2>err.none
expect_eq "a program that cannot start: 127" "$?" 127
finish
