#!/bin/sh
# tests/exc_opcdec.sh - reserved opcodes, VAX FP, bad CALL_PAL functions raise OPCDEC
# (testprogs/pal/exc_opcdec.c, on alphasim only; see tests/exc_run.sh).
. "$top_srcdir/tests/exc_run.sh"
