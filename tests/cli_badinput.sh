#!/bin/sh
# Bad input to alphasim and truthcsv: every option with empty, negative,
# overflowing, non-numeric, directory, special-file and missing
# arguments.  Each must give one line naming the input (two with "Try
# 'alphasim --help'"), the status in the table (125: alphasim's and
# truthcsv's bad input; 124: a limit reached), never a crash (a signal:
# status above 128) nor a hang.  tests/cli_output.sh covers the output
# files, tests/dcpiprof.sh dcpiprof's options.
. "$top_srcdir/tests/lib.sh"
B=$top_builddir
bare=$B/testprogs/demo.bare lnx=$B/testprogs/demo.lnx
TRUTHCSV=$B/analysis/truthcsv

printf 'hello' >"$tmp/short"
head -c 100 "$bare" >"$tmp/trunc"
# A valid ELF header whose segment lies beyond the end of the file.
head -c 4096 "$bare" >"$tmp/trunc2"
mkfifo "$tmp/fifo"
awk 'BEGIN { while (n++ < 600) printf "x"; print "" }' >"$tmp/long.conf"
printf 'dcache_kb = 8\nbogus\n' >"$tmp/bad.conf"
mkdir "$tmp/root"

# check PROGRAM STATUS PATTERN ARGS...  A hang (once: --config /dev/zero,
# a FIFO as the program) fails by timeout's status 124 or 137; every row
# ends in well under a second.
guard=""
command -v timeout >/dev/null && guard="timeout -s KILL 60"
check() {
	prog=$1 want=$2 pat=$3; shift 3
	name="$(basename "$prog") $*"
	$guard "$prog" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?
	expect_eq "$name: exit status" "$st" "$want"
	if grep -q -- "$pat" "$tmp/err"; then ok "$name: message"; else
		fail "$name: message lacks '$pat':"; cat "$tmp/err"; fi
	lines=$(wc -l <"$tmp/err")
	[ "$lines" -le 2 ] && ok "$name: short message" || fail "$name: $lines lines of error"
}

# program, status, what the message says, the arguments (shell words)
tab=$(printf '\t')
while IFS=$tab read -r prog want pat args; do
	case $prog in ''|'#'*) continue;; esac
	eval "set -- $args"
	check "$prog" "$want" "$pat" "$@"
done <<EOF
# the program
$ALPHASIM	125	$tmp/nope: No such file	"$tmp/nope"
$ALPHASIM	125	$tmp/short: not an ELF file	"$tmp/short"
$ALPHASIM	125	$tmp/trunc	"$tmp/trunc"
$ALPHASIM	125	$tmp/trunc2: truncated	"$tmp/trunc2"
$ALPHASIM	125	not an Alpha ELF file	/bin/sh
$ALPHASIM	125	$tmp: Is a directory	"$tmp"
$ALPHASIM	125	$tmp/fifo: not a regular file	"$tmp/fifo"
$ALPHASIM	125	/dev/zero: not a regular file	/dev/zero
$ALPHASIM	125	empty program name	''
$ALPHASIM	125	no program given	
$ALPHASIM	125	unrecognized option	--frobnicate
$ALPHASIM	124	stopped after 1000 instructions	--max-insns 1000 "$bare"
$ALPHASIM	124	(--max-cycles 5000)	--max-cycles 5000 "$bare"
# numbers: decimal or 0x hex, in range, no sign, no spaces
$ALPHASIM	125	bad value 'ten' for --max-insns	--max-insns ten x
$ALPHASIM	125	bad value '' for --max-insns	--max-insns '' x
$ALPHASIM	125	bad value ' 5' for --max-insns	--max-insns ' 5' x
$ALPHASIM	125	bad value '+5' for --max-insns	--max-insns +5 x
$ALPHASIM	125	bad value '0x' for --max-insns	--max-insns 0x x
$ALPHASIM	125	bad value '18446744073709551616' for --max-insns	--max-insns 18446744073709551616 x
$ALPHASIM	125	bad value '0' for --max-cycles	--max-cycles 0 x
$ALPHASIM	125	bad value '-5' for --mem	--mem -5 x
$ALPHASIM	125	bad value '0' for --mem	--mem 0 x
$ALPHASIM	125	bad value '524289' for --mem (want 1..524288)	--mem 524289 x
$ALPHASIM	125	bad value '9' for --cpus	--cpus 9 x
$ALPHASIM	125	bad value '' for --cpus	--cpus '' x
$ALPHASIM	125	bad value 'ev7' for --model	--model ev7 x
$ALPHASIM	125	bad value '' for --timing	--timing '' x
# parameters and configuration files
$ALPHASIM	125	bad value 'x' for dcache_kb	-c dcache_kb=x x
$ALPHASIM	125	bad value '12' for dcache_kb (want a power of two	-c dcache_kb=12 x
$ALPHASIM	125	bad value '99999999999999999999' for dcache_kb	-c dcache_kb=99999999999999999999 x
$ALPHASIM	125	unknown parameter 'nosuch'	-c nosuch=1 x
$ALPHASIM	125	bad configuration 'dcache_kb' (want key=value)	-c dcache_kb x
$ALPHASIM	125	bad cache lines: the I- and D-cache lines (32, 128)	-c dcache_line=128 x
$ALPHASIM	125	--config: empty file name	--config '' x
$ALPHASIM	125	--config $tmp/nope: No such file	--config "$tmp/nope" x
$ALPHASIM	125	--config $tmp: Is a directory	--config "$tmp" x
$ALPHASIM	125	--config /dev/zero:1: a NUL byte: not a text file	--config /dev/zero x
$ALPHASIM	125	--config $tmp/long.conf:1: line too long	--config "$tmp/long.conf" x
$ALPHASIM	125	--config $tmp/bad.conf:2: bad line 'bogus'	--config "$tmp/bad.conf" x
# trees and images
$ALPHASIM	125	--root: empty file name	--root '' "$lnx"
$ALPHASIM	125	--root: $tmp/nope: No such file	--root "$tmp/nope" "$lnx"
$ALPHASIM	125	--root: $bare: Not a directory	--root "$bare" "$lnx"
$ALPHASIM	125	--sysroot: /dev/null: Not a directory	--sysroot /dev/null "$lnx"
$ALPHASIM	125	--minios: empty file name	--minios '' "$lnx"
$ALPHASIM	125	--minios $bare: not a minios kernel	--minios "$bare" "$lnx"
$ALPHASIM	125	--minios $lnx: not a minios kernel	--minios "$lnx" "$lnx"
$ALPHASIM	125	$tmp: Is a directory	--minios "$tmp" "$lnx"
$ALPHASIM	125	--disassemble: empty file name	--disassemble ''
$ALPHASIM	125	$tmp: Is a directory	--disassemble "$tmp"
$ALPHASIM	125	/dev/zero: not a regular file	--disassemble /dev/zero
$ALPHASIM	125	--disassemble takes one FILE, not a program to run ('x')	--disassemble "$bare" x
# outputs (more in tests/cli_output.sh)
$ALPHASIM	125	--stats: $tmp/no/dir/s.json: cannot create a file in $tmp/no/dir	--stats "$tmp/no/dir/s.json" "$bare"
$ALPHASIM	125	--truth: empty file name	--truth '' "$bare"
$ALPHASIM	125	--skid-trace: $tmp: Is a directory	--skid-trace "$tmp" "$bare"
$ALPHASIM	125	--truth needs the timing model	--timing=off --truth "$tmp/t" "$bare"
# --profile and its events, checked before booting with dcpid's rules
$ALPHASIM	125	--profile: empty file name	--profile= "$lnx"
$ALPHASIM	125	--events, --overhead and --seed need --profile	--overhead "$bare"
$ALPHASIM	125	--profile runs Linux/Alpha programs	--profile="$tmp/root/db" --root "$tmp/root" "$bare"
$ALPHASIM	125	--profile=$tmp/short: not a directory	--profile="$tmp/short" "$lnx"
$ALPHASIM	125	is a directory, not a program: use --profile=$tmp/root	--profile "$tmp/root" "$lnx"
$ALPHASIM	125	no such program; a database directory goes as --profile=$tmp/newdb	--profile "$tmp/newdb" "$lnx"
$ALPHASIM	125	bad value '0' for --seed	--profile="$tmp/root/db" --seed 0 "$lnx"
$ALPHASIM	125	bad value '' for --seed	--profile="$tmp/root/db" --seed '' "$lnx"
$ALPHASIM	125	--events: cycles: bad period '0'	--profile="$tmp/root/db" --root "$tmp/root" --events cycles:0 "$lnx"
$ALPHASIM	125	--events: cycles: bad period '-5'	--profile="$tmp/root/db" --root "$tmp/root" --events cycles:-5 "$lnx"
$ALPHASIM	125	--events: cycles: bad period ''	--profile="$tmp/root/db" --root "$tmp/root" --events cycles: "$lnx"
$ALPHASIM	125	--events: cycles: bad period '0x1000'	--profile="$tmp/root/db" --root "$tmp/root" --events cycles:0x1000 "$lnx"
$ALPHASIM	125	--events: cycles: period 99999999999999999999 too long	--profile="$tmp/root/db" --root "$tmp/root" --events cycles:99999999999999999999 "$lnx"
$ALPHASIM	125	--events: imiss: period 16384 too long	--profile="$tmp/root/db" --root "$tmp/root" --events imiss:16384 "$lnx"
$ALPHASIM	125	--events: cycles: bad spread 'fixd' (a decimal number, or 'fixed')	--profile="$tmp/root/db" --root "$tmp/root" --events cycles:4096:fixd "$lnx"
$ALPHASIM	125	--events: dmiss: unknown source 'tick' (known: overflow, clock)	--profile="$tmp/root/db" --root "$tmp/root" --events dmiss@tick "$lnx"
$ALPHASIM	125	--events: dmiss@clock: a read event takes no period	--profile="$tmp/root/db" --root "$tmp/root" --events dmiss@clock:512 "$lnx"
$ALPHASIM	125	--events: @overflow needs an event sampled at its own overflows	--profile="$tmp/root/db" --root "$tmp/root" --events dmiss@overflow "$lnx"
$ALPHASIM	125	--events: cycles: bad period '300' (a decimal number, at least 256 plus half its spread)	--profile="$tmp/root/db" --root "$tmp/root" --events cycles:300:200 "$lnx"
$ALPHASIM	125	--events: 'cycles' named twice	--profile="$tmp/root/db" --root "$tmp/root" --events cycles,imiss,cycles "$lnx"
# instruction sampling (docs/precise.md)
$ALPHASIM	125	--events: 'pm' named twice	--profile="$tmp/root/db" --root "$tmp/root" --events pm,cycles,pm:buffer "$lnx"
$ALPHASIM	125	--events: pm: unknown field 'bogus' (known: PERIOD, SPREAD, intr, buffer, user,	--profile="$tmp/root/db" --root "$tmp/root" --events cycles,pm:bogus "$lnx"
$ALPHASIM	125	--events: pm: unknown field 'lat=x'	--profile="$tmp/root/db" --root "$tmp/root" --events pm:lat=x "$lnx"
$ALPHASIM	125	--events: pm: unknown field ''	--profile="$tmp/root/db" --root "$tmp/root" --events pm: "$lnx"
$ALPHASIM	125	--events: pm: bad period 100 (256 to 16777215, more than half its spread)	--profile="$tmp/root/db" --root "$tmp/root" --events pm:100 "$lnx"
$ALPHASIM	125	--events: pm: bad period 4096 (256 to 16777215, more than half its spread)	--profile="$tmp/root/db" --root "$tmp/root" --events pm:4096:8192 "$lnx"
$ALPHASIM	125	--events: pm: a third number '3' (PERIOD and SPREAD only)	--profile="$tmp/root/db" --root "$tmp/root" --events pm:4096:16:3 "$lnx"
$ALPHASIM	125	--events: unknown event 'bogus' (known: cycles,	--profile="$tmp/root/db" --root "$tmp/root" --events cycles,bogus "$lnx"
$ALPHASIM	125	--events: unknown event ''	--profile="$tmp/root/db" --root "$tmp/root" --events '' "$lnx"
$ALPHASIM	125	--events: unknown event ''	--profile="$tmp/root/db" --root "$tmp/root" --events cycles, "$lnx"
$ALPHASIM	125	--events: no counter left for 'single'	--profile="$tmp/root/db" --root "$tmp/root" --events cycles,issues,nonissue,splitissue,pipedry,replays,single "$lnx"
# truthcsv
$TRUTHCSV	125	truthcsv: empty file name	''
$TRUTHCSV	125	truthcsv: $tmp/nope: No such file	"$tmp/nope"
$TRUTHCSV	125	truthcsv: $tmp: Is a directory	"$tmp"
$TRUTHCSV	125	truthcsv: /dev/null: not a regular file	/dev/null
$TRUTHCSV	125	truthcsv: /dev/zero: not a regular file	/dev/zero
$TRUTHCSV	125	truthcsv: $tmp/short: truncated file	"$tmp/short"
$TRUTHCSV	125	truthcsv: $bare: not an alphasim truth file	"$bare"
$TRUTHCSV	125	usage: truthcsv	
$TRUTHCSV	125	usage: truthcsv	--summary
$TRUTHCSV	125	usage: truthcsv	--bogus "$bare"
$TRUTHCSV	125	usage: truthcsv	--summary "$bare" x
EOF
expect_eq "no database left by the refused --profile runs" "$(ls -A "$tmp/root")" ""

# a full standard output is an error, not a silent loss; our own node of
# /dev/full when root (mknod), else the real one
full=/dev/full
[ "$(id -u)" = 0 ] && mknod "$tmp/full" c 1 7 && full=$tmp/full
"$ALPHASIM" -q --truth "$tmp/t.truth" "$bare" >/dev/null 2>&1
for cmd in "$TRUTHCSV $tmp/t.truth" "$TRUTHCSV --summary $tmp/t.truth" \
           "$ALPHASIM --print-config" "$ALPHASIM --help" "$ALPHASIM --disassemble $bare"; do
	$cmd >"$full" 2>"$tmp/err"
	st=$?
	[ $st -ne 0 ] && [ $st -lt 128 ] && grep -q 'No space left on device\|error writing\|write error' "$tmp/err" &&
		ok "$cmd > a full device: status $st, $(cat "$tmp/err")" ||
		fail "$cmd > a full device: status $st, '$(cat "$tmp/err")'"
done
finish
