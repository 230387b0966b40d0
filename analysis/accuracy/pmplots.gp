# analysis/accuracy/pmplots.gp - `make accuracy-pm`'s plot
# (docs/precise.md, "The experiment"), run by pm.sh in OUT/plots from
# pm.dat (pmtable.py), as pm.png and pm.svg: left, each method's
# accuracy (means over the workloads); right, its guest cycles per
# sample or record delivered outside dcpid, and the kernel handler's
# share of them.
do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1100,500 noenhanced font ",10"
	} else {
		set terminal svg size 1100,500 noenhanced font ",10"
	}
	set output "pm." . fmt
	set multiplot layout 1, 2 title "Counters (DCPI) against instruction sampling at matched rates, mean over the workloads (make accuracy-pm)"
	set style data histogram
	set style histogram clustered gap 1
	set style fill solid 0.7 border -1
	set grid y
	set yrange [0:100]
	set ylabel "percent"
	set key outside bottom center horizontal
	set title "accuracy against the truth"
	plot "pm.dat" using 2:xtic(1) title "freq<=10% (samples)", \
		"" using 3 title "freq<=10% (true cycles)", \
		"" using 4 title "freq<=2x (true cycles)", \
		"" using 5 title "CPI<=10%", \
		"" using 6 title "culprit recall"
	set yrange [0:*]
	set ylabel "guest cycles"
	set title "cost per sample or record delivered"
	plot "pm.dat" using 7:xtic(1) lc rgb "gray50" title "guest cycles added outside dcpid", \
		"" using 8 lc rgb "gray80" title "of them, the kernel's handler", \
		"" using ($0 - 0.17):7:(sprintf("%.0f", $7)) with labels offset 0,0.7 notitle, \
		"" using ($0 + 0.17):8:(sprintf("%.0f", $8)) with labels offset 0,0.7 notitle
	unset multiplot
}
