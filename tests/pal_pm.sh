#!/bin/sh
# tests/pal_pm.sh - the instruction-sampling unit (an alphasim extension:
# docs/precise.md) through its IPRs: the latch read by HW_MFPR, ISR<35>
# at the counters' IPL deferred by IPLR and by PAL mode, buffer mode's
# records in memory (testprogs/pal/pal_pm.c; see tests/pal_run.sh).
# Timed only: the unit needs the timing model.
modes="on"
. "$top_srcdir/tests/pal_run.sh"
