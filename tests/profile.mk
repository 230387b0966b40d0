# tests/profile.mk (fragment; see tests/local.mk) - alphasim --profile:
# DCPI run for real in the guest, checked against the simulator's PMU.
GUEST_CHECK += testprogs/demo.lnx minios/minios.elf daemon/dcpid.lnx
TESTS += tests/profile.sh
