/*
 * causes.h - why an instruction could not issue in a cycle: the causes
 * the issue model (timing/issue.h) gives each constraint on an instruction,
 * and by which the ground truth (obs/truth.h) splits its head cycles.
 * A header of its own so that the issue model needs nothing of the truth
 * recorder, and the truth nothing of the issue model; the list itself is
 * abi/truth.h's, which the instruction-sampling unit shares (pmu/pm.h).
 */
#ifndef ALPHASIM_CAUSES_H
#define ALPHASIM_CAUSES_H

#include "abi/truth.h"

enum truth_cause {
#define X(n, d) TC_##n,
	TRUTH_CAUSES(X)
#undef X
	TC_N
};

#endif
