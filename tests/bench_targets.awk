# tests/bench_targets.awk - make bench's verdict on the speed targets
# (docs/performance.md, "Targets"), from lines "OFF PROF": how many times
# qemu-alpha's wall time alphasim took on one workload with the
# functional core alone and with --profile.  -v set=bench (the bench
# programs) or set=real (testprogs/real's programs) picks the targets:
#   the functional core within 3x qemu-alpha's time (geometric mean);
#   --profile within 12x (bench) or 15x (real) on the geometric mean,
#   no workload over 25x;
#   --profile at most 3 times the functional core's time on every workload.
function verdict(v, t) { return sprintf("%.1fx (target %s: %s)", v, t, v <= t ? "met" : "missed") }
{
	n++; so += log($1); sp += log($2)
	if ($2 > worst) worst = $2
	r = $2 / $1
	if (r > worstr) worstr = r
	sr += log(r)
}
END {
	if (!n)
		exit
	tp = set == "real" ? 15 : 12
	printf "geometric mean of %d: functional core %s qemu-alpha's time, ", n, verdict(exp(so / n), 3)
	printf "--profile %s; worst --profile %s\n", verdict(exp(sp / n), tp), verdict(worst, 25)
	printf "--profile over the functional core's time: geometric mean %.1fx, worst %s\n",
	       exp(sr / n), verdict(worstr, 3)
}
