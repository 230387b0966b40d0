# testprogs/accuracy/: loop kernels that each stress one dynamic stall
# culprit of the analysis (kernels.h; docs/analysis.md, "Stress
# kernels"), one program each, built as a user builds a program (.dyn:
# alpha-linux-gnu-gcc -O2, dynamic); and the default workload of
# alphasim --profile, every kernel in turn (workload.lnx, static, as
# installed beside minios.elf).
ACCURACY_KERNELS = testprogs/accuracy/dcache testprogs/accuracy/scache \
	testprogs/accuracy/dtb testprogs/accuracy/misp testprogs/accuracy/wbuf \
	testprogs/accuracy/muldiv testprogs/accuracy/icache
ACCURACY_DYN = $(ACCURACY_KERNELS:=.dyn)
# A linked-list traversal as a user writes one (chase.c): DTB misses
# regroup its issue pairs (docs/analysis.md, "Issue groups").
ACCURACY_DYN += testprogs/accuracy/chase.dyn
# Code three times the I-cache run in sequence (straight.c): misses
# cheaper than the S-cache's latency (docs/analysis.md, "A third
# estimator").
ACCURACY_DYN += testprogs/accuracy/straight.dyn
ACCURACY_WORKLOAD = testprogs/accuracy/workload.lnx
$(ACCURACY_DYN) $(ACCURACY_WORKLOAD): $(srcdir)/testprogs/accuracy/kernels.h
GUEST_TARGETS += $(ACCURACY_DYN) $(ACCURACY_WORKLOAD)
CLEANFILES += $(ACCURACY_DYN) $(ACCURACY_WORKLOAD)
