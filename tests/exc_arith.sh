#!/bin/sh
# tests/exc_arith.sh - /V overflow traps with EXC_ADDR, EXC_SUM and EXC_MASK
# (testprogs/pal/exc_arith.c, on alphasim only; see tests/exc_run.sh).
. "$top_srcdir/tests/exc_run.sh"
