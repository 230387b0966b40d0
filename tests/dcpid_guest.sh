#!/bin/sh
# tests/dcpid_guest.sh - dcpid run by hand in minios (it profiles itself
# while the kernel runs one process): it must exit 0 after --duration,
# account for every sample the driver took (driver_interrupts =
# samples_in_db + samples_unknown + samples_lost + samples_bad +
# driver_drops), and leave a database whose totals dcpiprof reads back.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
"$ALPHASIM" -q "$B/daemon/dcpid.lnx" --duration 0.05 --interval 0.02 \
	--stats st.txt 2> err.txt
expect_eq "dcpid exits 0" "$?" "0"
get() { sed -n "s/^$1=//p" st.txt; }
for k in samples samples_in_db samples_unknown samples_lost samples_bad \
	driver_interrupts driver_samples_read driver_drops flushes; do
	eval "$k=\$(get $k)"
	eval "[ -n \"\$$k\" ]" || { fail "no $k in the stats: $(cat err.txt)"; finish; }
done
[ "$samples" -gt 0 ] && ok "samples taken ($samples)" || fail "no samples"
expect_eq "dcpid read what the driver handed over" "$samples" "$driver_samples_read"
expect_eq "conservation" "$driver_interrupts" \
	"$((samples_in_db + samples_unknown + samples_lost + samples_bad + driver_drops))"
expect_eq "nothing lost" "$samples_lost $samples_bad" "0 0"
[ "$flushes" -ge 2 ] && ok "periodic writes ($flushes)" || fail "flushes: $flushes"
total=$("$B/analysis/dcpiprof" -db dcpidb --csv | awk -F, '$1 == "total" { print $2 }')
expect_eq "dcpiprof reads the samples back" "$total" "$((samples_in_db + samples_unknown))"
ls -a dcpidb/epoch-0001 | grep -q '\.tmp$' && fail "a temporary file remains" || ok "no temporary file"
finish
