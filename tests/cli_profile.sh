#!/bin/sh
# tests/cli_profile.sh - alphasim --profile's command line as a new user
# meets it (docs/usage.md, "Profiling"):
#   - "--profile DIR" with a space, DIR a directory: one line saying to
#     write --profile=DIR, status 125, nothing run;
#   - the commands the summary ends with (dcpiprof, dcpicalc,
#     dcpitopstalls, dcpiaccuracy) run as printed from where the user
#     ran alphasim, here a directory outside the build tree: the build
#     tree's tools by absolute path (tests/install.sh checks the
#     installed names);
#   - a second run into one database adds an epoch: dcpiprof, merging
#     them, warns in one line when they are runs of different programs
#     or sampling periods, and not when they are of one, nor with --epoch;
#     two short runs of two dynamic programs (built as a user builds them:
#     alpha-linux-gnu-gcc -O2), whose samples the loader and the kernel
#     take, are runs of different programs too; an epoch's program file
#     that is not one is refused in one line naming it.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A=$B/analysis/dcpiprof
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
cp "$B/testprogs/demo.lnx" .

mkdir wcgdb
"$ALPHASIM" --profile wcgdb demo.lnx >out 2>err
expect_eq "--profile DIR: status" "$?" 125
grep -q "^alphasim: --profile wcgdb: .*use --profile=wcgdb" err &&
	ok "--profile DIR: $(head -1 err)" || fail "--profile DIR: $(head -2 err | tr '\n' ' ')"
[ -z "$(ls wcgdb)" ] && [ ! -s out ] && ok "--profile DIR: nothing run" ||
	fail "--profile DIR: something was run"
# a program named after --profile still runs as the program
"$ALPHASIM" -q --profile demo.lnx >out 2>err
expect_eq "--profile PROGRAM: status" "$?" 0

rm -rf dcpidb dcpidb.truth
guest_env "$ALPHASIM" --profile=db demo.lnx >out 2>err
expect_eq "profiled run: status" "$?" 0
sed -n -e 's/^alphasim: \(.* -db .*\)   # .*/\1/p' \
	-e 's/.*dropped); \(.* -db [^ ]*\) for more$/\1/p' err >cmds
expect_eq "the summary's commands" "$(wc -l <cmds)" 4
n=0
while read -r c; do
	n=$((n + 1))
	if eval "$c" >cmd$n.out 2>cmd$n.err && [ -s cmd$n.out ]; then
		ok "runs here: $(echo "$c" | cut -c1-100)"
	else
		fail "does not run here: $c: $(head -2 cmd$n.err | tr '\n' ' ')"
	fi
done <cmds

# a second --profile into one database adds an epoch; dcpiprof merges
# them, and says so when they are runs of different programs or periods
cp "$B/testprogs/accuracy/misp.dyn" .
"$ALPHASIM" -q --profile=db demo.lnx >/dev/null 2>&1
"$A" -db db >/dev/null 2>same.err
expect_eq "two runs of one program: dcpiprof's stderr" "$(cat same.err)" ""
"$ALPHASIM" -q --profile=db --events cycles:8192 demo.lnx >/dev/null 2>&1
"$A" -db db >prof.out 2>period.err
expect_eq "another period: dcpiprof's status" "$?" 0
grep -q "^dcpiprof: warning: db: epochs 1 and 3 sampled cycles with different periods" period.err &&
	[ "$(wc -l <period.err)" -eq 1 ] && ok "another period: $(cat period.err)" ||
	fail "another period: no warning: $(cat period.err)"
"$A" -db db --epoch 3 >/dev/null 2>one.err
expect_eq "--epoch 3: no warning" "$(cat one.err)" ""
rm -rf db2
"$ALPHASIM" -q --profile=db2 demo.lnx >/dev/null 2>&1
"$ALPHASIM" -q --profile=db2 misp.dyn >/dev/null 2>&1
"$A" -db db2 >/dev/null 2>prog.err
grep -q "^dcpiprof: warning: db2: epochs 1 and 2 are runs of different programs (.*demo.lnx, .*misp.dyn)" prog.err &&
	ok "another program: $(cut -c1-100 prog.err)" || fail "another program: no warning: $(cat prog.err)"
CC=${ALPHA_OBJDUMP%objdump}gcc
printf '#include <stdio.h>\nint main(void) { puts("A"); return 0; }\n' >a.c
printf '#include <stdio.h>\nint main(int c, char **v) { printf("B %%s\\n", v[c - 1]); return 0; }\n' >b.c
"$CC" -O2 a.c -o progA && "$CC" -O2 b.c -o progB || fail "cannot build with $CC"
rm -rf db3
"$ALPHASIM" -q --profile=db3 progA >/dev/null 2>&1
"$ALPHASIM" -q --profile=db3 progA >/dev/null 2>&1
"$A" -db db3 >/dev/null 2>short.err
expect_eq "two short runs of one dynamic program: dcpiprof's stderr" "$(cat short.err)" ""
"$ALPHASIM" -q --profile=db3 progB >/dev/null 2>&1
"$A" -db db3 >/dev/null 2>short.err
grep -q "^dcpiprof: warning: db3: epochs 1 and 3 are runs of different programs (.*progA, .*progB)" short.err &&
	ok "short runs of two dynamic programs: $(cut -c1-100 short.err)" ||
	fail "short runs of two dynamic programs: no warning: $(cat short.err)"
# the tools over the analysis session warn alike
"$B/analysis/dcpiwhatcg" -db db3 >/dev/null 2>short.err
grep -q "^dcpiwhatcg: warning: db3: epochs 1 and 3 are runs of different programs" short.err &&
	ok "dcpiwhatcg warns too" || fail "dcpiwhatcg: no warning: $(cat short.err)"
"$B/analysis/dcpiwhatcg" -db db3 --epoch 3 >/dev/null 2>short.err
expect_eq "dcpiwhatcg --epoch 3: no warning" "$(cat short.err)" ""
printf 'dcpi-program 1\n' >db3/epoch-0002/program
refused "an epoch's program file that is not one" db3/epoch-0002/program "$A" -db db3
finish
