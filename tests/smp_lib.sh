# tests/smp_lib.sh - sourced by tests/smp_*.sh after lib.sh.
smp="$top_builddir/testprogs/smp"

# run NAME OUT ARGS...: run testprogs/smp/NAME.bare with ARGS, output to
# OUT; it must exit 0 and end with "NAME: N checks, 0 failed".  Each
# needs a few million instructions; a program waiting for a CPU that
# lost an update would spin forever, so stop it.
run() {
	name=$1 out=$2; shift 2
	"$ALPHASIM" -q --max-insns 100000000 "$@" "$smp/$name.bare" >"$out" 2>&1
	st=$?
	if [ $st -eq 0 ] && tail -n 1 "$out" | grep -q "^$name: [1-9][0-9]* checks, 0 failed$"; then
		ok "$name $*"
	else
		fail "$name $*: status $st"
		cat "$out"
	fi
}

# json FILE EXPR: print the Python expression EXPR over the JSON in FILE (d)
json() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}
