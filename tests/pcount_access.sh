#!/bin/sh
# tests/pcount_access.sh - only the guest's first process may open
# /dev/pcount (docs/dcpi.md "Who may sample"): testprogs/dcpi/
# pcount_access run as process 1 opens it, from a thread too, and its
# forked child gets EACCES; run under alphasim --profile (dcpid is
# process 1, holding the device) it gets EACCES, not EBUSY.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
cp "$B/testprogs/dcpi/pcount_access.lnx" .
for n in 1 4; do
	"$ALPHASIM" -q --cpus $n pcount_access.lnx > plain$n.out 2>&1
	expect_eq "$n CPU(s): process 1, a thread and a child as allowed" "$?" 0
	sed "s/^/  /" plain$n.out
	expect_eq "$n CPU(s): three checks" "$(grep -c '^ok: ' plain$n.out)" 3
done
"$ALPHASIM" -q --profile=db --stats st.json pcount_access.lnx > prof.out 2>&1
expect_eq "under --profile: EACCES" "$?" 0
sed "s/^/  /" prof.out
grep -q "^ok: another process: open /dev/pcount: Permission denied" prof.out &&
	ok "under --profile: the program was refused" || fail "under --profile: $(cat prof.out)"
unknown_ok "under --profile" st.json
finish
