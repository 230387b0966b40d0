#!/bin/sh
# tests/pal_ipr.sh - IPR masks, access, side effects (EXC_SUM, CC, TB read-out, shadows, HWE)
# (testprogs/pal/pal_ipr.c; see tests/pal_run.sh).
modes="on off"
. "$top_srcdir/tests/pal_run.sh"
