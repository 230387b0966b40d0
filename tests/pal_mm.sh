#!/bin/sh
# tests/pal_mm.sh - ITB/DTB translation, misses, ACV, FOR/FOW, bad VA, double miss, FEN, MCHK
# (testprogs/pal/pal_mm.c; see tests/pal_run.sh).
modes="on off"
. "$top_srcdir/tests/pal_run.sh"
