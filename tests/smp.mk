# tests/smp.mk (fragment; see tests/local.mk) - SMP and the platform's
# devices: bare-metal programs in testprogs/smp/ run by tests/smp_*.sh
# (docs/platform.md).
SMP_PROGS = testprogs/smp/ipi.bare testprogs/smp/llsc.bare \
	testprogs/smp/timer.bare testprogs/smp/hostfs.bare \
	testprogs/smp/simctl.bare testprogs/smp/intr.bare \
	testprogs/smp/timer_exact.bare testprogs/smp/wait.bare
$(SMP_PROGS): $(srcdir)/testprogs/smp/smp.h
testprogs/smp/hostfs.bare: $(srcdir)/platform/hostfs.h
GUEST_CHECK += $(SMP_PROGS)
TESTS += tests/smp_ipi.sh tests/smp_llsc.sh tests/smp_determinism.sh \
	tests/smp_timer.sh tests/smp_hostfs.sh tests/smp_simctl.sh \
	tests/smp_intr.sh tests/smp_wait.sh
CLEANFILES += $(SMP_PROGS)
