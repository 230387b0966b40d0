#!/bin/sh
# tests/realprogs_archive.sh - where the real programs' sources come from
# (docs/testing.md, "Real programs"): testprogs/real/apt-archive.sh on
# sample apt sources, and build.sh taking its archive from apt's
# configuration, without fetching anything.
#
#   1. deb822 (.sources) with a mirror's URIs and the security suite on
#      another; one-line entries through a proxy, after entries that are
#      no Debian archive; both formats together, the first entry in
#      apt's order winning, disabled, CD and inline-key entries; the old
#      RELEASE/updates security suite (the suites named are bookworm and
#      the aliases, which count on any machine, whatever its release);
#   2. nothing configured (no file, empty files, only other archives,
#      only disabled entries): status 77 and one SKIP line naming where
#      it looked; a file that cannot be read: status 2;
#   3. with no file: the sources apt-config names (APT_CONFIG pointing
#      at a sample configuration), in apt's order, other names skipped;
#   4. build.sh writes its private sources list from them and names the
#      configured archive when it cannot be reached (a closed local
#      port), and skips with apt-archive.sh's line when none is.
. "$top_srcdir/tests/lib.sh"
top_srcdir=$(cd "$top_srcdir" && pwd)
arch=$top_srcdir/testprogs/real/apt-archive.sh
deb_key=/usr/share/keyrings/debian-archive-keyring.gpg
cd "$tmp" || exit 1

# got WHAT WANT-STATUS WANT-OUTPUT FILE...: apt-archive.sh FILE...
got() {
	what=$1 want_st=$2 want=$3
	shift 3
	out=$(sh "$arch" "$@" 2>err)
	st=$?
	if [ $st -eq "$want_st" ] && [ "$out" = "$want" ] && [ ! -s err ]; then
		ok "$what"
	else
		fail "$what: status $st, output:"
		echo "$out"
		cat err
		echo "want status $want_st, output:"
		echo "$want"
	fi
}

# ---- 1. the two formats ----------------------------------------------------
cat >mirror.sources <<'EOF'
# a mirror's archive, and the security archive elsewhere
Types: deb deb-src
URIs: http://mirror.example.org/debian/
Suites: bookworm bookworm-updates
Components: main contrib
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://security-mirror.example.org/debian-security
Suites: bookworm-security
Components: main
EOF
got "deb822: a mirror and its security archive" 0 \
"archive http://mirror.example.org/debian/ $deb_key
security http://security-mirror.example.org/debian-security -" mirror.sources

cat >proxy.list <<'EOF'
# not Debian's: no release suite
deb https://packages.example.com/apt cloud-sdk-bookworm main
deb [arch=amd64 signed-by=/etc/apt/keyrings/vendor.gpg] https://vendor.example.com/apt nodistro main
  # Debian's, through a caching proxy
deb http://10.0.0.2:3142/debian bookworm main   # the main archive
deb [ signed-by=/etc/apt/keyrings/local.gpg arch=amd64 ] http://10.0.0.2:3142/debian-security bookworm-security main
EOF
got "one-line: through a proxy, after other archives" 0 \
"archive http://10.0.0.2:3142/debian -
security http://10.0.0.2:3142/debian-security /etc/apt/keyrings/local.gpg" proxy.list

cat >skipped.sources <<'EOF'
Types: deb
URIs: http://disabled.example.org/debian
Suites: stable
Components: main
Enabled: no

Types: deb-src
URIs: http://first.example.org/debian
 http://second.example.org/debian
Suites: stable
Components: main
Signed-By:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 mQINBGP...
 -----END PGP PUBLIC KEY BLOCK-----
EOF
cat >cd.list <<'EOF'
deb cdrom:[Debian GNU/Linux 12.5.0 _Bookworm_ - Official amd64 DVD Binary-1]/ bookworm contrib main
deb http://old.example.org/debian stable main
deb http://old.example.org/debian-security stable/updates main
EOF
got "both formats: disabled, CD and inline-key entries, the first URI" 0 \
"archive http://first.example.org/debian -
security http://old.example.org/debian-security -" skipped.sources cd.list
got "both formats: the first entry in order wins" 0 \
"archive http://old.example.org/debian -
security http://old.example.org/debian-security -" cd.list skipped.sources

# ---- 2. nothing configured --------------------------------------------------
: >empty.list
: >empty.sources
sed -n '1,3p' proxy.list >others.list
sed -n '1,6p' skipped.sources >disabled.sources
for files in "empty.list empty.sources" "others.list" "disabled.sources"; do
	# shellcheck disable=SC2086
	out=$(sh "$arch" $files)
	st=$?
	if [ $st -eq 77 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] &&
	   echo "$out" | grep -q "^SKIP: no Debian archive .* in $files\$"; then
		ok "none configured in $files: $out"
	else
		fail "none configured in $files: status $st: $out"
	fi
done
out=$(sh "$arch" missing.list 2>&1)
st=$?
[ $st -eq 2 ] && [ "$out" = "apt-archive.sh: missing.list: not a readable file" ] &&
	ok "a file that cannot be read: status 2, $out" ||
	fail "a file that cannot be read: status $st: $out"

# ---- 3. the machine's configuration, as apt-config gives it -------------------
if ! command -v apt-config >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "SKIP: no apt here: the files above were all that could be tested"
	finish
fi
mkdir parts
cp others.list parts/10-others.list
cp disabled.sources parts/20-disabled.sources
cp mirror.sources parts/30-mirror.sources
cp proxy.list parts/40-proxy.list
cp proxy.list parts/05-ignored.list.disabled
cat >apt.conf <<EOF
Dir::Etc::SourceList "$tmp/sources.list";
Dir::Etc::SourceParts "$tmp/parts";
EOF
APT_CONFIG=$tmp/apt.conf
export APT_CONFIG
got "apt's sources: parts in order, other names skipped" 0 \
"archive http://mirror.example.org/debian/ $deb_key
security http://security-mirror.example.org/debian-security -"
cp cd.list sources.list
got "apt's sources: the sources list before the parts" 0 \
"archive http://old.example.org/debian -
security http://old.example.org/debian-security -"

# ---- 4. build.sh ----------------------------------------------------------------
# a proxy at a closed port of this host: apt-get update fails at once
cat >sources.list <<'EOF'
deb http://127.0.0.1:9/debian bookworm main
deb http://127.0.0.1:9/debian-security bookworm-security main
EOF
rm -f parts/*
out=$(ALPHASIM_CACHE=$tmp/cache sh "$top_srcdir/testprogs/real/build.sh" zlib 2>&1)
st=$?
expect_eq "build.sh, its archive unreachable: status" "$st" 77
expect_eq "build.sh, its archive unreachable: one SKIP line naming it" \
	"$(echo "$out" | sed 's/ (see .*//')" \
	"SKIP: cannot fetch Debian's source index from http://127.0.0.1:9/debian"
cat >want.list <<EOF
deb-src [signed-by=$deb_key] http://127.0.0.1:9/debian bookworm main
deb-src [signed-by=$deb_key] http://127.0.0.1:9/debian bookworm-updates main
deb-src [signed-by=$deb_key] http://127.0.0.1:9/debian-security bookworm-security main
EOF
same_file "build.sh's sources list" cache/realprogs/apt/sources.list want.list
: >sources.list
out=$(ALPHASIM_CACHE=$tmp/cache sh "$top_srcdir/testprogs/real/build.sh" zlib 2>&1)
st=$?
if [ $st -eq 77 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] &&
   echo "$out" | grep -q "^SKIP: no Debian archive .* in this machine's apt sources"; then
	ok "build.sh, no archive configured: $out"
else
	fail "build.sh, no archive configured: status $st: $out"
fi
finish
