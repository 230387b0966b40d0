#!/bin/sh
# testprogs/real/build.sh PACKAGE - fetch a Debian source package, build its
# programs for Linux/Alpha with the cross compiler, and cache the result.
#
# Prints the directory holding what was built (docs/testing.md, "Real
# programs"):
#   VERSION          the Debian version built (the current one of bookworm)
#   src/             the unpacked source with Debian's patches applied
#   bin/NAME.dyn     plain `$ALPHA_CC -O2`: dynamic, non-PIE
#   bin/NAME.lnx     the same objects linked -static -Wl,--no-relax
#   build.log        what the fetch and the build printed
# PACKAGE names a recipe, testprogs/real/PACKAGE.sh, which sets SOURCE (the
# Debian source package) and defines build() with the helpers below.
#
# Sources come from Debian's archive as this machine's apt is configured
# (its mirror or proxy: testprogs/real/apt-archive.sh finds the URI in
# apt's sources) through apt-get run with a private sources list and
# state under the cache (the system's apt configuration is read, not
# touched); apt checks them against the archive's signed index.
# The index is refreshed when older than REALPROGS_INDEX_MINUTES (1440),
# and once more if the sources cannot be fetched with it.
# The build is kept under
#   ${ALPHASIM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/alphasim}/realprogs/
# keyed by package, version and a hash of the recipe and compiler, so a
# second build tree (quickstart's build-san/) reuses it.
#
# Exit status: 0 built (or found in the cache); 77 the sources cannot be
# fetched (no network and nothing cached), with one line saying so; 1 the
# build failed (the log's tail on stderr); 2 usage.
set -u
here=$(cd "$(dirname "$0")" && pwd)
pkg=${1:-}
recipe=$here/$pkg.sh
# the recipes: every script here but this one and apt-archive.sh
recipes=$(cd "$here" && ls *.sh | grep -v '^\(build\|apt-archive\)\.sh$' | sed 's/\.sh$//')
if [ -z "$pkg" ] || [ ! -f "$recipe" ] || ! echo "$recipes" | grep -qx "$pkg"; then
	echo "usage: $0 PACKAGE (one of: $(echo "$recipes" | tr '\n' ' '))" >&2
	exit 2
fi
CC=${ALPHA_CC:-alpha-linux-gnu-gcc}
HOST=alpha-linux-gnu
JOBS=${REALPROGS_JOBS:-$(nproc 2>/dev/null || echo 2)}
cache=${ALPHASIM_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/alphasim}/realprogs
apt=$cache/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$cache/dl" || exit 1

# apt-get/apt-cache on the private state: Debian 12's archive, bookworm
# with its updates and security suites (the highest version wins), source
# indices only, verified with the keyring the machine's entry names (the
# Debian archive's when it names none).
aptq() {
	tool=$1
	shift
	"$tool" -q -o Dir::Etc::SourceList="$apt/sources.list" \
		-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$apt/lists" \
		-o Dir::Cache="$apt/cache" -o Dir::State::status=/dev/null \
		-o APT::Sandbox::User="$(id -un)" -o Acquire::Languages=none \
		-o Acquire::Retries=2 "$@"
}

# The index, and the current version of SOURCE in it (the .dsc apt-get
# source would fetch; its name lacks the epoch, so the version is
# apt-cache's that matches it).  apt runs under one lock (another
# build.sh may be using the same state); the index is refreshed when
# stale, or when REALPROGS_REFRESH is set, and an old one is used if the
# archive cannot be reached.
# The archive's URIs, from the machine's apt sources: the bookworm
# suites from its Debian archive, bookworm-security from its security
# archive (left out when it has none).
archive=$(sh "$here/apt-archive.sh")
case $? in
0) ;;
77) echo "$archive"; exit 77 ;;
*) exit 1 ;;
esac
src_line() {  # URI KEYRING SUITE
	k=$2
	[ "$k" = - ] && k=/usr/share/keyrings/debian-archive-keyring.gpg
	echo "deb-src [signed-by=$k] $1 $3 main"
}
uri=$(echo "$archive" | awk '$1 == "archive" { print $2 }')
sources=$(echo "$archive" | while read -r what u k; do
	case $what in
	archive) src_line "$u" "$k" bookworm; src_line "$u" "$k" bookworm-updates ;;
	security) src_line "$u" "$k" bookworm-security ;;
	esac
done)
exec 8>"$cache/apt.lock"
flock 8
stamp=$apt/updated
# another archive than the index's (apt's configuration changed): a new index
if [ "$(cat "$apt/sources.list" 2>/dev/null)" != "$sources" ]; then
	echo "$sources" >"$apt/sources.list"
	rm -f "$stamp"
fi
if [ -n "${REALPROGS_REFRESH:-}" ] ||
   [ -z "$(find "$stamp" -mmin -"${REALPROGS_INDEX_MINUTES:-1440}" 2>/dev/null)" ]; then
	if aptq apt-get update >"$apt/update.log" 2>&1 && ! grep -q '^[WE]:' "$apt/update.log"; then
		touch "$stamp"
	elif [ ! -f "$stamp" ]; then
		echo "SKIP: cannot fetch Debian's source index from $uri (see $apt/update.log)"
		exit 77
	fi
fi
. "$recipe"
dsc_name=$(aptq apt-get source --print-uris --only-source "$SOURCE" 2>/dev/null |
	sed -n "s/^'[^']*' \([^ ]*\.dsc\) .*/\1/p" | head -n 1)
version=$(aptq apt-cache showsrc --only-source "$SOURCE" 2>/dev/null |
	sed -n 's/^Version: //p' | while read -r v; do
		[ "${SOURCE}_${v#*:}.dsc" = "$dsc_name" ] && echo "$v"
	done | head -n 1)
flock -u 8
if [ -z "$dsc_name" ] || [ -z "$version" ]; then
	echo "SKIP: no source package $SOURCE in Debian 12's index ($apt/lists)"
	exit 77
fi
# The key: the version and what the build depends on besides it.
hash=$(cat "$0" "$recipe" | { cat; "$CC" --version | head -n 1; } | sha256sum | cut -c1-12)
dir=$cache/$pkg/$(echo "$version" | tr ':' '_')-$hash

exec 9>"$cache/$pkg.lock"
flock 9
if [ -f "$dir/bin/.done" ]; then
	echo "$dir"
	exit 0
fi

# ---- fetch and unpack --------------------------------------------------
work=$dir.tmp
rm -rf "$work" "$dir"
mkdir -p "$work/bin"
log=$work/build.log
flock 8
(cd "$cache/dl" && aptq apt-get source --download-only --only-source "$SOURCE") >"$log" 2>&1
st=$?
flock -u 8
if [ $st != 0 ]; then
	if grep -q 'Failed to fetch\|Could not resolve\|Unable to connect\|Temporary failure' "$log"; then
		# a point release may have replaced the version: once more
		# with a fresh index
		if [ -z "${REALPROGS_REFRESH:-}" ]; then
			flock -u 9
			REALPROGS_REFRESH=1 exec sh "$0" "$pkg"
		fi
		echo "SKIP: cannot fetch the $SOURCE $version sources from $uri (see $log)"
		exit 77
	fi
	echo "build.sh: $pkg: apt-get source failed:" >&2
	tail -n 20 "$log" >&2
	exit 1
fi
echo "$version" >"$work/VERSION"

# ---- helpers for the recipe --------------------------------------------
# compile CFLAGS FILE.c...: an object NAME.o per source in the current
# directory, $JOBS at a time.
compile() {
	cflags=$1
	shift
	printf '%s\n' "$@" | xargs -P "$JOBS" -I{} sh -c \
		'f={}; o=$(basename "$f" .c).o; echo "$1 -O2 $2 -c $f"; $1 -O2 $2 -c "$f" -o "$o"' \
		sh "$CC" "$cflags"
}
# link NAME OBJECTS-AND-LIBRARIES...: bin/NAME.dyn and bin/NAME.lnx.
link() {
	name=$1
	shift
	echo "link $name: $*"
	"$CC" -O2 -o "$work/bin/$name.dyn" "$@" &&
	"$CC" -O2 -static -Wl,--no-relax -o "$work/bin/$name.lnx" "$@" 2>&1 |
		grep -v 'statically linked applications requires at runtime'
	[ -x "$work/bin/$name.lnx" ]
}
# cross_configure ARGS...: an autoconf configure for the Alpha.
cross_configure() {
	./configure --host=$HOST --build="$(gcc -dumpmachine)" CC="$CC" CFLAGS=-O2 "$@"
}
# make_both NAME [MAKE-ARGS...]: the package's own rule for NAME, run
# once as it is (bin/NAME.dyn) and once relinked static (bin/NAME.lnx).
make_both() {
	name=$1
	shift
	make -j"$JOBS" "$@" "$name" && mv "$name" "$work/bin/$name.dyn" &&
	make "$@" LDFLAGS="-static -Wl,--no-relax" "$name" 2>&1 |
		grep -v 'statically linked applications requires at runtime'
	[ -x "$name" ] && mv "$name" "$work/bin/$name.lnx"
}

# ---- build ----------------------------------------------------------------
dsc=$cache/dl/$dsc_name
start=$(date +%s)
if ! { dpkg-source -x "$dsc" "$work/src" && cd "$work/src" && build; } >>"$log" 2>&1; then
	echo "build.sh: $pkg $version: the build failed; the end of $log:" >&2
	tail -n 30 "$log" >&2
	exit 1
fi
echo "built $pkg $version in $(($(date +%s) - start)) s" >>"$log"
touch "$work/bin/.done"
mv "$work" "$dir"
# older builds of the package (another version, recipe or compiler)
for old in "$cache/$pkg"/*; do
	[ "$old" = "$dir" ] || rm -rf "$old"
done
echo "$dir"
