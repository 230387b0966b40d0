#!/bin/sh
# tests/minios_fs.sh - minios's file system calls against qemu-alpha
# (testprogs/minios_fs, static builds): each program runs in an empty
# working directory of its own on alphasim and on qemu-alpha; standard
# output and exit status must agree.
. "$top_srcdir/tests/lib.sh"
dir=$(cd "$top_builddir" && pwd)/testprogs/minios_fs
need_qemu

# insns JSON: the run's instructions (user + kernel + PAL) from --stats
insns() { sed -n 's/.*"instructions": {.*"total": \([0-9]*\) }.*/\1/p' "$1" | head -1; }

# File times: what stat and fstat give, as qemu-alpha gives them, and a
# cost in guest instructions that does not depend on the time (a
# profile of the same run must not change from one day to the next).
mkdir "$tmp/times"
cd "$tmp/times" || exit 1
echo data >f
touch -d @1 f
"$ALPHASIM" -q --stats "$tmp/t1.json" "$dir/stattimes.lnx" -q f
expect_eq "stattimes -q: exit status" $? 0
touch -d @1700000000.987654321 f
"$ALPHASIM" -q --stats "$tmp/t2.json" "$dir/stattimes.lnx" -q f
expect_eq "stattimes: instructions the same for times 1 and 1700000000.987654321" \
	"$(insns "$tmp/t1.json")" "$(insns "$tmp/t2.json")"
"$ALPHASIM" -q "$dir/stattimes.lnx" f >"$tmp/sim.out"
s=$?
"$QEMU_ALPHA" "$dir/stattimes.lnx" f >"$tmp/qemu.out"
expect_eq "stattimes: exit status" "$s" $?
same_file "stattimes: times" "$tmp/sim.out" "$tmp/qemu.out" "qemu-alpha's"

# expect_file NAME: $tmp/NAME.out against $tmp/NAME.want
expect_file() { same_file "$1" "$tmp/$1.out" "$tmp/$1.want"; }

# What a guest creates: the umask applies, set-id bits are stripped even
# when alphasim runs as root (which Linux would keep: so the expected
# output is here, not qemu-alpha's), the sticky bit stays, and mknod
# makes only regular files.
mkdir "$tmp/setid"
cd "$tmp/setid" || exit 1
umask 022
"$ALPHASIM" -q "$dir/setid.lnx" >"$tmp/setid.out" 2>"$tmp/setid.err"
expect_eq "setid: exit status" $? 0
cat >"$tmp/setid.want" <<EOF
umask was 022
open x 06777: ok
x: 100755
umask was 022
y: 100777
mkdir d 07777: ok
d: 041777
mkdir e 0777: ok
e: 040750
mknod r regular 0666: ok
r: 100640
mknod c char 1,3: Operation not permitted
mknod b block 7,0: Operation not permitted
mkfifo p: Operation not permitted
mknod s socket: Operation not permitted
c: stat: No such file or directory
chmod x 06755: ok
x: 100755
fchmod x 04711: ok
x: 100711
chmod d 03777: ok
d: 041777
EOF
expect_file setid
expect_eq "setid: no set-id file in the host's tree" "$(find . -perm /6000)" ""

# Special files in the guest's tree are refused at once: a FIFO opened
# for reading or writing would otherwise wait for the other end, and the
# whole simulator with it (the time limit only catches that hang).  A
# device node behind a symbolic link needs root to make.
mkdir "$tmp/special"
cd "$tmp/special" || exit 1
mkfifo fifo
python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("sock")'
names="fifo sock"
: >"$tmp/special.want"
for n in fifo sock; do
	for how in read write read-write; do
		echo "$n for $how: No such device or address" >>"$tmp/special.want"
	done
done
if mknod nulldev c 1 3 2>/dev/null; then
	mkdir sub
	ln -s sub/../nulldev nulllink
	names="$names nulllink"
	for how in read write read-write; do
		echo "nulllink for $how: Permission denied" >>"$tmp/special.want"
	done
else
	echo "(not root: no device node case)"
fi
timeout 60 "$ALPHASIM" -q "$dir/special.lnx" $names >"$tmp/special.out" 2>"$tmp/special.err"
expect_eq "special: exit status (124: it hung)" $? 0
expect_file special

# versus_qemu NAME: testprogs/minios_fs/NAME in an empty directory on
# alphasim and on qemu-alpha (umask 022, the same user): the same output
# and exit status.  A guest that hangs (one waiting for a lock that is
# never given) is stopped, status 124.
versus_qemu() {
	mkdir "$tmp/sim.$1" "$tmp/qemu.$1"
	(cd "$tmp/sim.$1" && timeout 120 "$ALPHASIM" -q "$dir/$1.lnx" >"$tmp/$1.out" \
		2>"$tmp/$1.err")
	s=$?
	(cd "$tmp/qemu.$1" && "$QEMU_ALPHA" "$dir/$1.lnx" >"$tmp/$1.want" 2>/dev/null)
	expect_eq "$1: exit status (qemu-alpha's: $?)" "$s" $?
	expect_file "$1"
}
umask 022
versus_qemu links
versus_qemu meta
versus_qemu locks

# No sockets: EAFNOSUPPORT, quietly (nothing on standard error).
mkdir "$tmp/nosock"
(cd "$tmp/nosock" && "$ALPHASIM" -q "$dir/nosock.lnx" >"$tmp/nosock.out" 2>"$tmp/nosock.err")
expect_eq "nosock: exit status" $? 0
cat >"$tmp/nosock.want" <<EOF
socket AF_UNIX: Address family not supported by protocol
socket AF_INET: Address family not supported by protocol
socketpair AF_UNIX: Address family not supported by protocol
syncfs 1: ok
syncfs 99: Bad file descriptor
EOF
expect_file nosock
expect_eq "nosock: nothing on standard error" "$(cat "$tmp/nosock.err")" ""
cd "$tmp" || exit 1
finish
