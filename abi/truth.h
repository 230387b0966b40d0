/*
 * truth.h - the ground truth's vocabulary as lists: why an instruction
 * waited at the head of the issue stage (the causes) and what it caused
 * (the events).  The timing model splits the truth by them
 * (timing/causes.h, timing/record.h); the instruction-sampling unit
 * (pmu/pm.h, docs/precise.md) splits its records by the same lists, and
 * the guest's driver reads those records, so the lists are shared ground:
 * plain macros, no types.
 */
#ifndef ABI_TRUTH_H
#define ABI_TRUTH_H

/*
 * When several reasons hold in the same cycle the cycle goes to the
 * first in this list (the dynamic causes before the static ones).
 * X(name, description)
 */
#define TRUTH_CAUSES(X) \
	X(pal,      "entering or leaving PAL mode: exception, interrupt, CALL_PAL, HW_REI") \
	X(profiling, "returning from a sampling interrupt (the performance counters')") \
	X(bmisp,    "conditional branch mispredict") \
	X(jmisp,    "JMP/JSR/RET target mispredict") \
	X(itbmiss,  "ITB miss") \
	X(imiss,    "I-cache miss (refill buffer or fill from the S-cache and beyond)") \
	X(dtbmiss,  "DTB miss") \
	X(dmiss_s,  "operand from a load that missed the D-cache, served by the S-cache") \
	X(dmiss_b,  "operand from a load that missed the D-cache, served by the B-cache") \
	X(dmiss_m,  "operand from a load that missed the D-cache, served by memory or I/O") \
	X(replay,   "load replay: miss address file full") \
	X(wbfull,   "store waits for a write buffer entry") \
	X(mb,       "MB/WMB waits for outstanding memory operations") \
	X(dep_int,  "operand from an integer add/logical/compare/shift or link register") \
	X(dep_cmov, "operand from a CMOV, MVI, RPCC or other 2-cycle integer operation") \
	X(dep_load, "operand from a load that hit the D-cache, or a store conditional") \
	X(dep_imul, "operand from an integer multiply") \
	X(dep_fp,   "operand from an FP add, multiply, CPYS or conversion") \
	X(dep_fdiv, "operand from an FP divide or square root") \
	X(unit,     "unit busy: integer multiplier, FP divider, E0 multiply write-back slot") \
	X(slot,     "slotting: no free pipe, load/store in one cycle, block boundary, taken branch") \
	X(idle,     "waiting for an interrupt (simctl WAIT: minios's wtint); nothing else is timed then")

/* Events an instruction caused; each total equals a structure statistic
 * in --stats (named in docs/truth-format.md).  X(name, description) */
#define TRUTH_EVENTS(X) \
	X(imiss,   "I-cache misses (the block this instruction starts)") \
	X(dmiss,   "D-cache load misses") \
	X(smiss,   "S-cache misses (instruction fetch, loads, write buffer)") \
	X(bmiss,   "B-cache misses") \
	X(itbmiss, "ITB misses") \
	X(dtbmiss, "DTB misses") \
	X(bmisp,   "conditional branch mispredicts") \
	X(jmisp,   "JMP/JSR/RET mispredicts") \
	X(replay,  "load replays (miss address file full)")

/* Why PALcode ran on behalf of an instruction: the cause of the trap,
 * interrupt or call that entered PAL mode (or that entered the kernel's
 * handler whose return PALcode makes), by which the truth charges the PAL
 * cycles to the instruction PALcode returns to (docs/truth-format.md,
 * "PAL cycles on behalf of an instruction").  X(name, description) */
#define TRUTH_PALFOR(X) \
	X(dtb,       "DTB miss fill") \
	X(itb,       "ITB miss fill") \
	X(unalign,   "unaligned access fix-up") \
	X(arith,     "arithmetic trap (FP completion)") \
	X(intr,      "an interrupt other than the performance counters'") \
	X(profiling, "a sampling interrupt (the performance counters')") \
	X(callpal,   "CALL_PAL (system calls and the kernel's own)") \
	X(fault,     "any other exception (access violation, page fault, illegal instruction, FP disabled)")

#endif
