#!/bin/sh
# tests/pal_pmu.sh - PMCTR fields, CTL modes, KILL bits, PMA/PMP, events, overflow interrupts
# (testprogs/pal/pal_pmu.c; see tests/pal_run.sh).  Timed only: with
# --timing=off the counters count cycles and issues alone (docs/pmu.md).
modes="on"
. "$top_srcdir/tests/pal_run.sh"
