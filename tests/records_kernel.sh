#!/bin/sh
# tests/records_kernel.sh - the record stream where the kernel is
# sampled too, at a short period (`pm:1024:intr`, no `user`, no `sums`:
# docs/precise.md, "The handler's blind spot"), on
# testprogs/dcpi/libcwork.dyn: the handler then takes most of every
# period, and dcpid's reading of a ring cost more than the period per
# record, so its own records refilled the ring faster than it read them
# and it never came back from reading to see its program end.  Now the
# run ends well inside its bound of guest instructions (--max-insns,
# some six times what it takes), with the program's output; every
# record the unit kept is in the stream or counted (lost to a full
# ring, dcpid's own not kept, lost writing); and none of the stream's
# records is dcpid's, while the program's are there.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
cp "$B/testprogs/dcpi/libcwork.dyn" .
unset ALPHASIM_MINIOS ALPHASIM_DCPID
stat_of() { sed -n "s/^$1=//p" db/dcpid.stats; }
guest_env "$ALPHASIM" -q libcwork.dyn 1 0 > plain.out 2>/dev/null
guest_env "$ALPHASIM" -q --profile=db --stats st.json --max-insns 300000000 \
	--events pm:1024:intr libcwork.dyn 1 0 > run.out 2> run.err
expect_eq "exit status (124: it did not end within 300 million instructions)" "$?" 0
cmp -s plain.out run.out && ok "output as without --profile" ||
	fail "output differs from a plain run"
unit=$(grep -o '"recorded": [0-9]*' st.json | awk '{ n += $2 } END { print n + 0 }')
instream=$(stat_of records_in_stream)
ringlost=$(stat_of driver_pm_ring_lost)
reader=$(stat_of driver_pm_ring_reader)
lost=$(stat_of records_lost)
[ "${unit:-0}" -gt 1000 ] && ok "$unit records" || fail "too few records ($unit)"
expect_eq "records kept = in the stream + lost to the ring + dcpid's own + lost writing" \
	"$unit" "$((${instream:-0} + ${ringlost:-0} + ${reader:-0} + ${lost:-0}))"
[ "${reader:-0}" -gt 0 ] && ok "dcpid's own records counted apart: $reader" ||
	fail "dcpid's own records: '$reader'"
"$B/analysis/dcpirecords" -db db --records --csv > rec.csv 2> rec.err
expect_eq "dcpirecords --records: exit status" "$?" 0
expect_eq "dcpirecords lists the stream's records" "$(($(wc -l < rec.csv) - 1))" "$instream"
# cpu,pid,pc,image,...: dcpid is the guest's first process, whose
# address space is number 1 (minios/image.c); its child before the exec
# of the program has another
expect_eq "the stream's records of dcpid" "$(awk -F, 'NR > 1 && $2 == 1' rec.csv | wc -l)" 0
prog=$(awk -F, 'NR > 1 && ($4 == "libc.so.6.1" || $4 == "libcwork.dyn")' rec.csv | wc -l)
# some of the program's records are kept, not all lost to full rings
# (96 to a few hundred at the phases seen: the rings fill while dcpid
# waits for the program's time slice to end, docs/precise.md)
[ "$prog" -gt 20 ] && ok "the program's records in the stream: $prog" ||
	fail "the program's records in the stream: $prog"
finish
