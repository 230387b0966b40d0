#!/bin/sh
# tests/records.sh - the instruction-sampling records kept whole
# (docs/precise.md, "The record stream"; the bytes: docs/dcpi-db.md) on
# a program built as users build it (testprogs/dcpi/datarecs.dyn: -O2,
# dynamic), in both delivery modes (buffer mode on two CPUs):
#   - every record the simulated unit kept (--stats pm.recorded) is in
#     the stream or a counted loss (the driver's full ring, dcpid's
#     own records where the kernel is sampled, none here, dcpid's
#     failed writes), and dcpirecords lists as many as the stream has;
#   - the data address of every record of stride()'s LDQ is in `big`,
#     and of resident()'s in `small` (their ranges from nm), and
#     --records names those objects; --data puts the two arrays first,
#     big's records missing the D-cache, small's not;
#   - stride()'s loads, which miss the D-cache, have a larger mean
#     latency than resident()'s, which hit it, and --min-latency keeps
#     only the records at or above it;
#   - with --truth, each of the two loads' executions and D-cache misses
#     estimated from its records are the truth's within four sampling
#     deviations, and the truth has stride()'s loads missing, resident()'s
#     hitting;
# with `sums` in --events no stream is written and none is lost; and a
# stream cut short, corrupt, or not a regular file (a FIFO, a link) is
# one line naming it and status 1.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A=$B/analysis
tools=${ALPHA_OBJDUMP%objdump}
NM=${tools}nm
cd "$tmp" || exit 1
cp "$B/testprogs/dcpi/datarecs.dyn" .
unset ALPHASIM_MINIOS ALPHASIM_DCPID
# the symbol's start and end (nm -S: address and size, in hex)
range() { "$NM" -S datarecs.dyn | awk -v s="$1" '$NF == s { print $1, $2 }'; }
set -- $(range big); big_lo=$1 big_len=$2
set -- $(range small); small_lo=$1 small_len=$2
set -- $(range stride); stride_lo=$1
set -- $(range resident); res_lo=$1
# the PCs of each loop's LDQ (not its UNOPs, LDQ_U to R31, which the unit
# reports as loads of the stack), as "PC FUNCTION" lines
"$ALPHA_OBJDUMP" -d datarecs.dyn | awk '/^[0-9a-f]+ <.*>:$/ { f = $2; next }
	(f == "<stride>:" || f == "<resident>:") && $0 ~ /\tldq\t/ {
		sub(/:$/, "", $1); g = f; gsub(/[<>:]/, "", g); print $1, g }' > ldq.txt
[ -n "$big_len" ] && [ -n "$small_len" ] && [ "$(wc -l < ldq.txt)" -eq 2 ] ||
	{ echo "FAIL: nm found no big or small, or objdump not one LDQ in each loop"; exit 1; }
# each LDQ as "FUNCTION+0xN", as dcpirecords names an instruction
ldq_stride=$(awk '$2 == "stride" { print $1 }' ldq.txt)
ldq_stride=$(printf 'stride+0x%x' $((0x$ldq_stride - 0x$stride_lo)))
ldq_resident=$(awk '$2 == "resident" { print $1 }' ldq.txt)
ldq_resident=$(printf 'resident+0x%x' $((0x$ldq_resident - 0x$res_lo)))
stat_of() { sed -n "s/^$1=//p" "$2"; }
for mode in intr buffer; do
	db=db_$mode
	# buffer mode on two CPUs: dcpid reads the CPUs' rings in turn
	cpus=1; [ $mode = buffer ] && cpus=2
	guest_env "$ALPHASIM" -q --cpus $cpus --profile="$db" --stats st_$mode.json \
		--events cycles,pm:1024:$mode:user datarecs.dyn 1 > $mode.out 2>$mode.err
	expect_eq "$mode: exit status" "$?" 0
	st=$db/dcpid.stats
	unit=$(grep -o '"recorded": [0-9]*' st_$mode.json | awk '{ n += $2 } END { print n + 0 }')
	instream=$(stat_of records_in_stream $st)
	ringlost=$(stat_of driver_pm_ring_lost $st)
	lost=$(stat_of records_lost $st)
	reader=$(stat_of driver_pm_ring_reader $st)
	[ "${unit:-0}" -gt 500 ] && ok "$mode: $unit records" || fail "$mode: too few records ($unit)"
	expect_eq "$mode: records kept = in the stream + lost to the ring + dcpid's own + lost writing" \
		"$unit" "$((${instream:-0} + ${ringlost:-0} + ${reader:-0} + ${lost:-0}))"
	"$A/dcpirecords" -db "$db" --records --csv > rec_$mode.csv 2> rec_$mode.err
	expect_eq "$mode: dcpirecords --records: exit status" "$?" 0
	expect_eq "$mode: dcpirecords lists the stream's records" \
		"$(($(wc -l < rec_$mode.csv) - 1))" "$instream"
	expect_eq "$mode: the CPUs with records in the stream" \
		"$(awk -F, 'NR > 1 { c[$1] = 1 } END { for (k in c) n++; print n }' rec_$mode.csv)" "$cpus"
	# cpu,pid,pc,image,offset,procedure,op,retired,ea,lat,...: the
	# loads of each loop, their addresses against the arrays
	awk -F, -v blo="$big_lo" -v blen="$big_len" -v slo="$small_lo" -v slen="$small_len" '
		# hex digits (a leading 0x allowed) to a number: mawk has no
		# strtonum; addresses fit a double exactly
		function h(x,   i, v) { sub(/^0x/, "", x); v = 0
			for (i = 1; i <= length(x); i++)
				v = v * 16 + index("0123456789abcdef", tolower(substr(x, i, 1))) - 1
			return v }
		# (subscripts are strings: "%.0f", not the 6 digits of CONVFMT)
		FILENAME == "ldq.txt" { split($0, w, " "); f[sprintf("%.0f", h(w[1]))] = w[2]; next }
		FNR == 1 || $4 != "datarecs.dyn" || !((pc = sprintf("%.0f", h($3))) in f) { next }
		{ ea = h($9); n[f[pc]]++; lat[f[pc]] += $10
		  lo = f[pc] == "stride" ? h(blo) : h(slo)
		  len = f[pc] == "stride" ? h(blen) : h(slen)
		  obj = f[pc] == "stride" ? "datarecs.dyn:big" : "datarecs.dyn:small"
		  if ($7 != "load" || ea < lo || ea >= lo + len || $15 != obj) bad++ }
		END { printf "%d %d %d %.3f %.3f\n", n["stride"], n["resident"], bad,
			n["stride"] ? lat["stride"] / n["stride"] : 0,
			n["resident"] ? lat["resident"] / n["resident"] : 0 }' ldq.txt rec_$mode.csv > loads_$mode
	set -- $(cat loads_$mode)
	[ "$1" -ge 20 ] && [ "$2" -ge 20 ] && ok "$mode: $1 load records in stride, $2 in resident" ||
		fail "$mode: too few load records: stride $1, resident $2"
	expect_eq "$mode: load records whose address is outside their loop's array (nm's, and as named)" "$3" 0
	# --data: the two arrays are the program's objects with the most
	# records, each through its loop's LDQ; big's records miss, small's not
	"$A/dcpirecords" -db "$db" --data --csv datarecs.dyn > data_$mode.csv
	expect_eq "$mode: --data: the objects with the most records, their instructions" \
		"$(awk -F, 'NR > 1 && NR <= 3 { print $1, $9 }' data_$mode.csv | sort | tr '\n' ';')" \
		"datarecs.dyn:big datarecs.dyn:$ldq_stride;datarecs.dyn:small datarecs.dyn:$ldq_resident;"
	expect_eq "$mode: --data: big's records miss, small's hit" "$(awk -F, '
		$1 == "datarecs.dyn:big" { b = $5 >= 0.9 * $2 } $1 == "datarecs.dyn:small" { s = $5 <= 0.1 * $2 }
		END { print b + 0, s + 0 }' data_$mode.csv)" "1 1"
	awk -v a="$4" -v b="$5" 'BEGIN { exit !(a > 2 * b) }' &&
		ok "$mode: stride's loads take longer than resident's ($4 against $5 cycles)" ||
		fail "$mode: stride's loads ($4 cycles) not over twice resident's ($5)"
	# per instruction, with SPE's minimum-latency filter: every
	# record kept has that latency or more
	"$A/dcpirecords" -db "$db" --csv --min-latency 4 datarecs.dyn > lat_$mode.csv
	awk -F, 'NR > 1 { n += $5; if ($13 < 4 || $15 + $16 + $17 > 0) bad++ }
		END { print n + 0, bad + 0 }' lat_$mode.csv > min_$mode
	set -- $(cat min_$mode)
	[ "$1" -ge 20 ] && ok "$mode: --min-latency 4 keeps $1 records" ||
		fail "$mode: --min-latency 4 keeps $1 records"
	expect_eq "$mode: --min-latency 4: rows with a latency under 4" "$2" 0
	# --truth: each LDQ's executions and D-cache misses estimated from
	# its records (x P) within four sampling deviations of the truth's,
	# all of stride's loads missing and few of resident's
	"$A/dcpirecords" -db "$db" --csv --truth "$db.truth" datarecs.dyn > truth_$mode.csv
	expect_eq "$mode: --truth: the columns after the histogram" \
		"$(head -1 truth_$mode.csv | cut -d, -f31-)" est_count,true_count,est_dmiss,true_dmiss
	awk -F, -v tlo="$stride_lo" -v rlo="$res_lo" '
		function h(x,   i, v) { sub(/^0x/, "", x); v = 0
			for (i = 1; i <= length(x); i++)
				v = v * 16 + index("0123456789abcdef", tolower(substr(x, i, 1))) - 1
			return v }
		function off4(e, t) { d = e - t; if (d < 0) d = -d; return d > 4 * sqrt(t * 1024) + 1024 }
		FILENAME == "ldq.txt" { split($0, w, " ")
			p[sprintf("%s+0x%x", w[2], h(w[1]) - h(w[2] == "stride" ? tlo : rlo))] = w[2]; next }
		!($3 in p) { next }
		{ f = p[$3]; seen++
		  if (off4($31, $32) || off4($33, $34)) print "off:", $0
		  if (f == "stride" && $34 < 0.9 * $32 || f == "resident" && $34 > 0.1 * $32)
			print "misses:", $0 }
		END { print "seen", seen + 0 }' ldq.txt truth_$mode.csv > truth_$mode.txt
	expect_eq "$mode: --truth: both LDQs listed" "$(tail -1 truth_$mode.txt)" "seen 2"
	expect_eq "$mode: --truth: estimates off the truth, or misses not as the loops make them" \
		"$(grep -v '^seen' truth_$mode.txt)" ""
done

# sums: the profiles only, no stream (and none lost)
guest_env "$ALPHASIM" -q --profile=db_sums --events cycles,pm:1024:buffer:user:sums \
	datarecs.dyn 1 > sums.out 2> sums.err
expect_eq "sums: exit status" "$?" 0
[ -e db_sums/epoch-0001/records.pmr ] && fail "sums: a record stream written" ||
	ok "sums: no record stream"
expect_eq "sums: records kept, lost, in the stream" \
	"$(stat_of driver_pm_ring_kept db_sums/dcpid.stats) $(stat_of driver_pm_ring_lost \
	db_sums/dcpid.stats) $(stat_of records_in_stream db_sums/dcpid.stats)" "0 0 0"
[ "$(stat_of driver_pm_records db_sums/dcpid.stats)" -gt 500 ] && ok "sums: records summed" ||
	fail "sums: $(stat_of driver_pm_records db_sums/dcpid.stats) records"

# bad streams: one line naming the file, status 1
bad() {
	what=$1; shift
	"$A/dcpirecords" -db "$@" > bad.out 2> bad.err
	st=$?
	expect_eq "$what: exit status" "$st" 1
	expect_eq "$what: one line" "$(wc -l < bad.err)" 1
	grep -q "^dcpirecords: .*records\.pmr: " bad.err && ok "$what: names the file" ||
		fail "$what: $(cat bad.err)"
}
f=db_intr/epoch-0001/records.pmr
size=$(wc -c < "$f")
cp -r db_intr cut && head -c $((size - 100)) "$f" > cut/epoch-0001/records.pmr
bad "a stream cut short" cut
cp -r db_intr flip && cp "$f" flip/epoch-0001/records.pmr
printf '\377\377\377\377' | dd of=flip/epoch-0001/records.pmr bs=1 seek=$((size - 60)) \
	conv=notrunc 2>/dev/null
bad "a corrupt record" flip
cp -r db_intr magic && printf 'xxxx' | dd of=magic/epoch-0001/records.pmr bs=1 conv=notrunc 2>/dev/null
bad "a bad magic" magic
cp -r db_intr fifo && rm fifo/epoch-0001/records.pmr && mkfifo fifo/epoch-0001/records.pmr
bad "a FIFO" fifo
cp -r db_intr link && rm link/epoch-0001/records.pmr && ln -s /dev/zero link/epoch-0001/records.pmr
bad "a link to /dev/zero" link
# options that do not go together: status 2
"$A/dcpirecords" -db db_intr --records --data > opt.out 2> opt.err
expect_eq "--records --data: exit status" "$?" 2
"$A/dcpirecords" -db db_intr --data --truth db_intr.truth > opt.out 2> opt.err
expect_eq "--data --truth: exit status" "$?" 2
cp -r db_intr none && rm none/epoch-0001/records.pmr
"$A/dcpirecords" -db none > none.out 2> none.err
expect_eq "no stream: exit status" "$?" 1
grep -q "^dcpirecords: none: no record stream" none.err && ok "no stream: said" ||
	fail "no stream: $(cat none.err)"
finish
