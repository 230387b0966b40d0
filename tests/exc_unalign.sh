#!/bin/sh
# tests/exc_unalign.sh - misaligned loads and stores raise UNALIGN with EXC_ADDR, VA and MM_STAT
# (testprogs/pal/exc_unalign.c, on alphasim only; see tests/exc_run.sh).
. "$top_srcdir/tests/exc_run.sh"
