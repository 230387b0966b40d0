#!/bin/sh
# testprogs/real/apt-archive.sh [FILE...] - where Debian's archive is,
# as this machine's apt is configured: build.sh fetches the real
# programs' sources from it (docs/testing.md, "Real programs"), so a
# machine whose apt goes through a local mirror or a proxy fetches them
# the same way, and no archive host is written here.
#
# Reads apt's sources: with no FILE, the machine's (apt-config's
# Dir::Etc::SourceList and the *.list and *.sources files of
# Dir::Etc::SourceParts, in apt's order); else the FILEs given, a name
# ending in .sources read as deb822, any other as one-line entries.
# Entries of type deb or deb-src count, but those disabled (Enabled: no)
# or on a CD.  Prints
#   archive URI KEYRING      the first entry with a Debian release suite
#   security URI KEYRING     the first with that release's security suite
# (the second line only when there is one).  A release suite is
# bookworm, the release built, this machine's own (VERSION_CODENAME of
# /etc/os-release, when its ID is debian) or one of Debian's aliases
# (oldstable, stable, testing, unstable, sid); its security suite is
# RELEASE-security or, before Debian 11, RELEASE/updates.  KEYRING is
# the entry's Signed-By file, or "-" when it names none (or gives the
# key inline).  The URI is the entry's first.
#
# Exit status: 0 found; 77 no Debian archive configured, with one line
# "SKIP: ..." saying where it looked; 2 a FILE cannot be read.
set -u
if [ $# -eq 0 ]; then
	SL=/etc/apt/sources.list SP=/etc/apt/sources.list.d
	if command -v apt-config >/dev/null 2>&1; then
		eval "$(apt-config shell SL Dir::Etc::SourceList/f SP Dir::Etc::SourceParts/d)"
	fi
	SP=${SP%/}
	set --
	[ -f "$SL" ] && set -- "$SL"
	# apt reads the parts in the C locale's order, skipping other names
	for f in $(LC_ALL=C ls "$SP" 2>/dev/null); do
		case $f in
		*.list | *.sources) [ -f "$SP/$f" ] && set -- "$@" "$SP/$f" ;;
		esac
	done
	where="this machine's apt sources ($SL, $SP/*.list, $SP/*.sources)"
else
	for f in "$@"; do
		if [ ! -f "$f" ] || [ ! -r "$f" ]; then
			echo "apt-archive.sh: $f: not a readable file" >&2
			exit 2
		fi
	done
	where="$*"
fi
codename=
if [ -r /etc/os-release ]; then
	codename=$(. /etc/os-release 2>/dev/null && [ "${ID:-}" = debian ] &&
		echo "${VERSION_CODENAME:-}")
fi
out=$([ $# -eq 0 ] || awk -v releases="bookworm $codename oldstable stable testing unstable sid" '
function reset() {
	types = ""; uris = ""; suites = ""; enabled = "yes"; key = ""; field = ""
}
# the keyring of a Signed-By value: a file, not a key given inline
function keyring(v) {
	return v ~ /^\// && v !~ /[ \t]/ ? v : "-"
}
function entry(types, uris, suites, enabled, key,   t, nt, u, nu, s, ns, i, j, first) {
	if (tolower(enabled) == "no")
		return
	nt = split(types, t, /[ \t]+/)
	for (i = 1; i <= nt; i++)
		if (t[i] == "deb" || t[i] == "deb-src")
			break
	if (i > nt)
		return
	nu = split(uris, u, /[ \t]+/)
	first = ""
	for (i = 1; i <= nu && first == ""; i++)
		first = u[i]
	if (first == "" || first ~ /^cdrom:/)
		return
	ns = split(suites, s, /[ \t]+/)
	for (i = 1; i <= ns; i++) {
		if (s[i] == "")
			continue
		if (archive == "" && (s[i] in release))
			archive = first " " keyring(key)
		j = s[i]
		if (sub(/-security$/, "", j) || sub(/\/updates$/, "", j))
			if (security == "" && (j in release))
				security = first " " keyring(key)
	}
}
# a deb822 paragraph ends
function paragraph() {
	if (types != "" || uris != "" || suites != "")
		entry(types, uris, suites, enabled, key)
	reset()
}
BEGIN {
	n = split(releases, r, " ")
	for (i = 1; i <= n; i++)
		release[r[i]] = 1
	reset()
}
FNR == 1 {
	# the last paragraph of the file before ends with it
	if (deb822)
		paragraph()
	reset()
	deb822 = FILENAME ~ /\.sources$/
}
deb822 && /^[ \t]*$/ {
	paragraph()
	next
}
deb822 && /^#/ {
	next
}
deb822 && /^[ \t]/ {
	# a continuation: part of the field before (an inline key is no file)
	if (field == "uris" || field == "suites" || field == "types") {
		v = $0
		sub(/^[ \t]+/, "", v)
		if (field == "uris") uris = uris " " v
		else if (field == "suites") suites = suites " " v
		else types = types " " v
	} else if (field == "signed-by")
		key = key " inline"
	next
}
deb822 {
	i = index($0, ":")
	if (!i)
		next
	field = tolower(substr($0, 1, i - 1))
	v = substr($0, i + 1)
	sub(/^[ \t]+/, "", v)
	sub(/[ \t]+$/, "", v)
	if (field == "types") types = v
	else if (field == "uris") uris = v
	else if (field == "suites") suites = v
	else if (field == "enabled") enabled = v
	else if (field == "signed-by") key = v
	next
}
{
	# one-line: TYPE [ OPTIONS ] URI SUITE COMPONENT...
	line = $0
	sub(/#.*/, "", line)
	n = split(line, f, /[ \t]+/)
	k = 1
	while (k <= n && f[k] == "")
		k++
	if (k > n)
		next
	type = f[k++]
	key = ""
	if (substr(f[k], 1, 1) == "[") {
		opts = ""
		while (k <= n) {
			opts = opts " " f[k]
			if (f[k++] ~ /\]$/)
				break
		}
		gsub(/[][]/, " ", opts)
		m = split(opts, o, /[ \t]+/)
		for (i = 1; i <= m; i++)
			if (tolower(o[i]) ~ /^signed-by=/)
				key = substr(o[i], 11)
	}
	if (k + 1 <= n)
		entry(type, f[k], f[k + 1], "yes", key)
}
END {
	if (deb822)
		paragraph()
	if (archive != "")
		print "archive " archive
	if (archive != "" && security != "")
		print "security " security
}' "$@")
if [ -z "$out" ]; then
	echo "SKIP: no Debian archive (a deb or deb-src entry whose suite is a Debian release) in $where"
	exit 77
fi
echo "$out"
