#!/bin/sh
# tests/dcpiprof.sh - dcpiprof on a database written by tests/mkprofdb
# through the daemon's own map-merge-write path: samples placed inside
# known functions of testprogs/demo.lnx, libc (from the sysroot) and the
# kernel (minios.elf), plus unknown ones, in two epochs.  The expected
# counts and percentages come from the description, the function
# addresses from the cross nm.  Then every error: missing database,
# unknown image or event, a corrupt and a truncated profile, and a table
# of bad options and arguments.
. "$top_srcdir/tests/lib.sh"
B=$top_builddir
DP=$B/analysis/dcpiprof
NM=${ALPHA_OBJDUMP%objdump}nm
RE=${ALPHA_OBJDUMP%objdump}readelf
demo=$B/testprogs/demo.lnx
kernel=$B/minios/minios.elf
libc=$ALPHA_SYSROOT/lib/libc.so.6.1
unset ALPHASIM_MINIOS

sym() { "$NM" ${3-} "$1" | awk -v s="$2" '$3 == s || $3 == s "@@GLIBC_2.0" { print "0x" $1; exit }'; }
# the executable segment: file offset, address, size
text() { "$RE" -lW "$1" | awk '$1 == "LOAD" && ($7 ~ /E/ || $8 == "E") { print $2, $3, $5; exit }'; }
# pc SYM BASE VADDR D: the PC of byte D of symbol SYM when the segment
# linked at VADDR is mapped at BASE (16-digit hex numbers).  Kernel
# addresses do not fit the shell's signed arithmetic: the top 24 bits
# come from BASE, the sum is done in the low 40.
low40() { x=${1#0x}; echo "0x${x#${x%??????????}}"; }
pc() {
	hi=${2#0x}; hi=${hi%??????????}
	printf '0x%s%010x' "$hi" $(( $(low40 $2) + $(low40 $1) - $(low40 $3) + $4 ))
}
pct() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.2f", 100 * n / t }'; }

set -- $(text "$demo");   d_off=$1 d_va=$2 d_size=$3
set -- $(text "$kernel"); k_off=$1 k_va=$2 k_size=$3
set -- $(text "$libc");   l_off=$1 l_va=$2 l_size=$3
main=$(sym "$demo" main); ex=$(sym "$demo" exit)
kstart=$(sym "$kernel" _kstart); malloc=$(sym "$libc" malloc -D)
lbase=0x0000020000000000
for v in main ex kstart malloc d_size k_size l_size; do
	eval "[ -n \"\$$v\" ]" || { fail "no $v in the images"; finish; }
done

cat > "$tmp/desc" <<EOF2
kernel 0x1111 $k_va $k_size $k_off minios.elf
exec 1 0xaaaa $d_va $d_size $d_off /testprogs/demo.lnx
mmap 1 0xcccc $lbase $l_size $l_off /lib/libc.so.6.1
event cycles 62000 1000 1000
event imiss 4096 500 1000
sample 1 $(pc $main $d_va $d_va 8) cycles 30
sample 1 $(pc $main $d_va $d_va 16) cycles 10
sample 1 $(pc $main $d_va $d_va 8) imiss 5
sample 1 $(pc $ex $d_va $d_va 4) cycles 20
sample 1 $(pc $malloc $lbase $l_va 4) cycles 12
sample 1 $(pc $kstart $k_va $k_va 4) cycles 8
sample 9 0x5000 cycles 30
epoch
sample 1 $(pc $main $d_va $d_va 8) cycles 25
EOF2
out=$("$B/tests/mkprofdb" "$tmp/db" < "$tmp/desc")
expect_eq "mkprofdb: every sample written" "$out" \
	"samples=140 in_db=110 unknown=30 lost=0 files=6"
db=$tmp/db

# images, all epochs: demo 40+20+25 cycles and 5 imiss, unknown 30,
# libc 12, kernel 8: 135 cycles
got=$("$DP" -db "$db" --csv)
want="image,cycles,cycles_pct,imiss,imiss_pct
/testprogs/demo.lnx,85,$(pct 85 135),5,100.00
unknown,30,$(pct 30 135),0,0.00
/lib/libc.so.6.1,12,$(pct 12 135),0,0.00
minios.elf,8,$(pct 8 135),0,0.00
total,135,100.00,5,100.00"
expect_eq "image list, every epoch (csv)" "$got" "$want"

got=$("$DP" -db "$db" --csv --epoch 1 | sed -n 2p)
expect_eq "--epoch 1" "$got" "/testprogs/demo.lnx,60,$(pct 60 110),5,100.00"
got=$("$DP" -db "$db" --csv --epoch 2 | tail -1)
expect_eq "--epoch 2: cycles only" "$got" "total,25,100.00"

got=$("$DP" -db "$db" --csv --sort imiss | cut -d, -f1 | tr '\n' ' ')
expect_eq "--sort imiss: then by name" "$got" \
	"image /testprogs/demo.lnx /lib/libc.so.6.1 minios.elf unknown total "
got=$("$DP" -db "$db" --csv -n 1 | cut -d, -f1 | tr '\n' ' ')
expect_eq "-n 1" "$got" "image /testprogs/demo.lnx total "

# the text table: events, periods, monitored share, rows, running share
got=$("$DP" -db "$db")
case $got in *"imiss                       5         4096      50.0%"*) ok "event header";;
	*) fail "event header: $got";; esac
row=$(echo "$got" | awk '$NF == "/testprogs/demo.lnx" { print $1, $2, $3 }')
expect_eq "text row" "$row" "85 $(pct 85 135)% $(pct 85 135)%"
row=$(echo "$got" | awk '$NF == "unknown" { print $3 }')
expect_eq "running share" "$row" "$(pct 115 135)%"

# procedures, symbols from each image's file
got=$("$DP" -db "$db" --root "$B" --csv demo.lnx)
want="procedure,cycles,cycles_pct,imiss,imiss_pct
main,65,$(pct 65 85),5,100.00
exit,20,$(pct 20 85),0,0.00
total,85,100.00,5,100.00"
expect_eq "procedures of demo.lnx" "$got" "$want"
got=$("$DP" -db "$db" --root "$B" --csv --sort imiss -n 1 /testprogs/demo.lnx | sed -n 2p)
expect_eq "procedures by imiss, full path" "$got" "main,65,$(pct 65 85),5,100.00"
got=$("$DP" -db "$db" --sysroot "$ALPHA_SYSROOT" --csv libc.so.6.1 | sed -n 2p)
expect_eq "libc from the sysroot" "$got" "malloc,12,100.00,0,0.00"
got=$("$DP" -db "$db" --csv minios.elf | sed -n 2p)
expect_eq "the kernel, found in the build tree" "$got" "_kstart,8,100.00,0,0.00"
got=$("$DP" -db "$db" --kernel "$kernel" --csv --epoch 1 minios.elf | sed -n 2p)
expect_eq "--kernel" "$got" "_kstart,8,100.00,0,0.00"
got=$("$DP" -db "$db" --csv unknown | sed -n 2p)
expect_eq "unknown samples by process" "$got" "pid 9,30,100.00,0,0.00"
got=$("$DP" -db "$db" --root "$B" demo.lnx | awk '$NF == "main" { print $1 }')
expect_eq "text procedure row" "$got" "65"

# errors: one message naming what is wrong (and "Try 'dcpiprof --help'"
# after a bad option), status 1 for bad input, 2 for a bad option.  A
# hang (once: a FIFO as --kernel) fails by timeout's status.
guard=""
command -v timeout >/dev/null && guard="timeout -s KILL 60"
err() {   # err STATUS WANT-IN-MESSAGE ARGS...
	want_st=$1 want=$2; shift 2
	msg=$($guard "$DP" "$@" 2>&1 >/dev/null); st=$?
	lines=$(printf '%s\n' "$msg" | wc -l)
	case "$st:$lines:$msg" in
	$want_st:[12]:*"$want"*) ok "dcpiprof $*: $msg";;
	*) fail "dcpiprof $*: status $st (want $want_st), '$msg'";;
	esac
}
mkfifo "$tmp/fifo"
tab=$(printf '\t')
while IFS=$tab read -r st want args; do
	case $st in ''|'#'*) continue;; esac
	eval "set -- $args"
	err "$st" "$want" "$@"
done <<EOF
1	$tmp/nodb	-db "$tmp/nodb"
1	$tmp/fifo: Not a directory	-db "$tmp/fifo"
1	/dev/null: Not a directory	-db /dev/null
2	--db: empty name	-db ''
1	unknown image 'nosuch'	-db "$db" nosuch
1	unknown image ''	-db "$db" ''
2	one IMAGE at most ('a', then 'b')	-db "$db" a b
1	unknown event 'nosuch' (the database has cycles, imiss)	-db "$db" --sort nosuch
2	--sort: empty name	-db "$db" --sort ''
1	no epoch 3	-db "$db" --epoch 3
1	no epoch 4294967295	-db "$db" --epoch 4294967295
2	--epoch: '4294967297' is not a number from 1 to 4294967295	-db "$db" --epoch 4294967297
2	--epoch: '0' is not a number	-db "$db" --epoch 0
2	--epoch: '-1' is not a number	-db "$db" --epoch -1
2	--epoch: ' 1' is not a number	-db "$db" --epoch ' 1'
2	--epoch: '1x' is not a number	-db "$db" --epoch 1x
2	--epoch: '' is not a number	-db "$db" --epoch ''
2	-n: 'x' is not a positive number	-db "$db" -n x
2	-n: '0' is not a positive number	-db "$db" -n 0
2	-n: '99999999999999999999' is not a positive number	-db "$db" -n 99999999999999999999
1	cannot find the image file	-db "$db" --root "$tmp" demo.lnx
2	--root: empty name	-db "$db" --root '' demo.lnx
1	--root $tmp/nope: No such file or directory	-db "$db" --root "$tmp/nope"
1	--root $demo: Not a directory	-db "$db" --root "$demo"
2	--sysroot: empty name	-db "$db" --sysroot ''
1	--sysroot /dev/null: Not a directory	-db "$db" --sysroot /dev/null
2	--kernel: empty name	-db "$db" --kernel '' minios.elf
1	$tmp: Is a directory	-db "$db" --kernel "$tmp" minios.elf
1	$tmp/fifo: not a regular file	-db "$db" --kernel "$tmp/fifo" minios.elf
1	/dev/zero: not a regular file	-db "$db" --kernel /dev/zero minios.elf
2	unrecognized option '--bogus'	-db "$db" --bogus
2	option '--epoch' requires an argument	-db "$db" --epoch
EOF
# a full standard output: an error, not a silent loss (our own /dev/full
# node as root)
full=/dev/full
[ "$(id -u)" = 0 ] && mknod "$tmp/full" c 1 7 && full=$tmp/full
msg=$("$DP" -db "$db" 2>&1 >"$full"); st=$?
expect_eq "output to a full device" "$st:$msg" "1:dcpiprof: standard output: No space left on device"

f=$(ls "$db"/epoch-0001/*demo.lnx.cycles.prof)
cp -r "$db" "$tmp/bad"
g=$tmp/bad/epoch-0001/${f##*/}
size=$(wc -c < "$g")
printf '\377' | dd of="$g" bs=1 seek=$((size - 6)) conv=notrunc 2>/dev/null
err 1 "$g: checksum mismatch" -db "$tmp/bad"
cp "$f" "$g"
truncate -s $((size - 3)) "$g"
err 1 "$g: truncated" -db "$tmp/bad"
finish
