# tests/lab_lib.sh - what the labs' tests share (after tests/lib.sh).
long_simulation "the labs"
# png_ok FILE: FILE is a PNG with something drawn (more than a header).
png_ok() {
	if [ -f "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
	   [ "$(wc -c <"$1")" -gt 5000 ]; then
		ok "$(basename "$1"): a PNG of $(wc -c <"$1") bytes"
	else
		fail "$1: not a non-empty PNG"
	fi
	case $1 in *.png) svg=${1%.png}.svg
		if grep -q "<svg" "$svg" 2>/dev/null; then ok "$(basename "$svg"): SVG"
		else fail "$svg: no SVG"; fi ;;
	esac
}
# csv_get FILE KEYCOL=VALUE... COL: the COL of the row matching every KEYCOL=VALUE.
csv_get() {
	python3 - "$@" <<'PY'
import csv, sys
f, *keys, col = sys.argv[1:]
want = dict(k.split("=", 1) for k in keys)
for r in csv.DictReader(open(f)):
    if all(r[k] == v for k, v in want.items()):
        print(r[col]); break
PY
}
# labpy ARGS... <<'PY': Python reading the lab's output, with check,
# bound and done from tests/labcheck.py at hand.
labpy() { PYTHONPATH="$top_srcdir/tests" python3 - "$@"; }
