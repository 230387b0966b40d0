#!/bin/sh
# tests/pal_intr.sh - interrupt masking by IPL and PAL mode, with SIRR
# software interrupts and ASTs; ISR and INTID
# (testprogs/pal/pal_intr.c; see tests/pal_run.sh).
modes="on off"
. "$top_srcdir/tests/pal_run.sh"
