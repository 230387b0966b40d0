/*
 * causes.h - why an instruction could not issue in a cycle: the causes
 * the issue model (timing/issue.h) gives each constraint on an instruction,
 * and by which the ground truth (obs/truth.h) splits its head cycles.
 * A header of its own so that the issue model needs nothing of the truth
 * recorder, and the truth nothing of the issue model.
 */
#ifndef ALPHASIM_CAUSES_H
#define ALPHASIM_CAUSES_H

/*
 * When several reasons hold in the same cycle the cycle goes to the
 * first in this list (the dynamic causes before the static ones).
 * X(name, description)
 */
#define TRUTH_CAUSES(X) \
	X(pal,      "entering or leaving PAL mode: exception, interrupt, CALL_PAL, HW_REI") \
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

enum truth_cause {
#define X(n, d) TC_##n,
	TRUTH_CAUSES(X)
#undef X
	TC_N
};

#endif
