# tests/bench_targets.awk - make bench's verdict on the fast paths' targets,
# from lines "OFF PROF": how many times qemu-alpha's wall time alphasim
# took on one program with the functional core alone and with --profile.
# Targets (docs/performance.md): geometric means within 6x and 25x, no
# program's --profile over 40x.
{ n++; so += log($1); sp += log($2); if ($2 > worst) worst = $2 }
END {
	if (!n)
		exit
	go = exp(so / n); gp = exp(sp / n)
	printf "geometric mean of %d: functional core %.1fx qemu-alpha's time (target 6: %s), ", n, go, go <= 6 ? "met" : "missed"
	printf "--profile %.1fx (target 25: %s); worst --profile %.1fx (target 40: %s)\n", gp, gp <= 25 ? "met" : "missed", worst, worst <= 40 ? "met" : "missed"
}
