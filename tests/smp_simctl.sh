#!/bin/sh
# simctl (testprogs/smp/simctl.c): CPU numbers; run markers and process
# and image hints from several CPUs, as the stats file records them; and
# the cost of a device register access, io_latency cycles.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
run simctl "$tmp/out" --cpus 3 --stats "$tmp/s.json"
expect_eq "markers: CPU and value, in CPU order" \
	"$(json "$tmp/s.json" "sorted((m['cpu'], m['value']) for m in d['markers'])")" \
	"[(0, 1), (0, 2), (1, 101), (2, 102)]"
expect_eq "markers carry cycles and instructions" \
	"$(json "$tmp/s.json" "all(m['cycles'] > 0 and m['instructions'] > 0 for m in d['markers'])")" True
expect_eq "context hints: CPU, pid, ASN" \
	"$(json "$tmp/s.json" "sorted((h['cpu'], h['pid'], h['asn']) for h in d['hints'] if h['kind'] == 'context')")" \
	"[(0, 42, 7), (1, 1001, 1), (2, 1002, 2)]"
expect_eq "image hint" \
	"$(json "$tmp/s.json" "[(h['pid'], h['asn'], hex(h['base']), hex(h['size']), hex(h['offset']), hex(h['ident']), h['path']) for h in d['hints'] if h['kind'] == 'image']")" \
	"[(42, 7, '0x120000000', '0x4000', '0x2000', '0xfeedf00d', '/usr/bin/profiled')]"
# a load that needs a CYCLES read's value waits io_latency for it
run simctl "$tmp/out1" -c io_latency=100
run simctl "$tmp/out2" -c io_latency=400
d1=$(sed -n 's/^io delta //p' "$tmp/out1")
d2=$(sed -n 's/^io delta //p' "$tmp/out2")
expect_eq "io_latency 400 instead of 100 costs 300 cycles more" "$((d2 - d1))" 300
finish
