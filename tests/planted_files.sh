#!/bin/sh
# tests/planted_files.sh - files a guest could have planted in a profile
# database, or beside it, are refused by every host reader with one line
# naming the file, at once (docs/usage.md, "Reading files a guest could
# have made"; util/infile.h): a profile, an epoch or dcpid.stats made a
# symbolic link to /dev/zero (read until memory ran out) or to another
# directory, a FIFO (waited on for ever), a profile of a sparse gigabyte
# (read whole), and truth files the same; alphasim's own summary after a
# run whose daemon planted links.  `timeout` only guards against
# the old hang: a reader still running after it fails the test.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
guard=600

"$ALPHASIM" -q --profile=db --events cycles:2048 "$B/testprogs/accuracy/dcache.dyn" 20 > /dev/null ||
	fail "the profiled run: status $?"
prof=$(cd db/epoch-0001 && ls -- *dcache.dyn.cycles.prof)
[ -f "db/epoch-0001/$prof" ] || { fail "no profile of dcache.dyn in db"; finish; }

# plant NAME KIND: a copy of db with KIND planted; the planted file's
# name in $file
plant() {
	rm -rf "$1"
	cp -R db "$1"
	file=$1/epoch-0001/$prof
	case $2 in
	zero) rm "$file" && ln -s /dev/zero "$file" ;;
	fifo) rm "$file" && mkfifo "$file" ;;
	big)  rm "$file" && truncate -s 1G "$file" ;;
	epoch) file=$1/epoch-0002
	       mkdir other && cp -R db/epoch-0001 other/ && ln -s "$tmp/other/epoch-0001" "$file" ;;
	esac
}

for kind in zero fifo big epoch; do
	plant "db-$kind" $kind
	v=db-$kind
	refused "dcpiprof, $kind" "$file" "$A/dcpiprof" -db $v
	refused "dcpicalc, $kind" "$file" "$A/dcpicalc" -db $v dcache.dyn dcache_lines
	refused "dcpilist, $kind" "$file" "$A/dcpilist" -db $v dcache.dyn
	refused "dcpitopstalls, $kind" "$file" "$A/dcpitopstalls" -db $v dcache.dyn
	refused "dcpiwhatcg, $kind" "$file" "$A/dcpiwhatcg" -db $v
	refused "dcpiaccuracy, $kind" "$file" "$A/dcpiaccuracy" -db $v --truth db.truth
	refused "dcpi2dot, $kind" "$file" "$A/dcpi2dot" -db $v dcache.dyn dcache_lines
	refused "dcpidiff, $kind" "$file" "$A/dcpidiff" -db db -db $v
	refused "dcpistats, $kind" "$file" "$A/dcpistats" -db db -db $v
	refused "dcpiexport, $kind" "$file" "$A/dcpiexport" -db $v --output $v.pb.gz
	[ -e $v.pb.gz ] && fail "dcpiexport, $kind: wrote $v.pb.gz"
	[ $kind = epoch ] || refused "dcpicat, $kind" "$file" "$A/dcpicat" "$file"
	rm -rf "$v" other
done

# truth files: a link to /dev/zero, a FIFO
ln -s /dev/zero zero.truth
mkfifo fifo.truth
for t in zero.truth fifo.truth; do
	refused "truthcsv, $t" $t "$A/truthcsv" $t
	refused "dcpiwhatcg --truth $t" $t "$A/dcpiwhatcg" -db db --truth $t
	refused "dcpiaccuracy --truth $t" $t "$A/dcpiaccuracy" -db db --truth $t
	refused "dcpicalc --truth $t" $t "$A/dcpicalc" -db db --truth $t dcache.dyn dcache_lines
done

# alphasim's summary, after the run, of a database in which the guest's
# daemon (testprogs/guard/plantdb.c in dcpid's place: only the daemon
# may write the database) made dcpid.stats, a profile or the epoch a
# link to /dev/zero or /
here=$(pwd -P)
for kind in stats prof epoch; do
	case $kind in
	stats) file=$here/run-$kind/dcpid.stats ;;
	prof)  file=$here/run-$kind/epoch-0001/0000000000000001-prog.cycles.prof ;;
	epoch) file=$here/run-$kind/epoch-0001 ;;
	esac
	PLANT=$kind ALPHASIM_DCPID=$B/testprogs/guard/plantdb.dyn \
		refused "alphasim --profile, $kind planted by the daemon" "$file" \
		"$ALPHASIM" -q --profile=run-$kind "$B/testprogs/accuracy/dcache.dyn" 2
	[ -L "$file" ] || fail "alphasim --profile, $kind: nothing planted at $file"
done
finish
