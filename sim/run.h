/*
 * run.h - one alphasim run (docs/usage.md): the program (or, with
 * --profile, dcpid running it under minios) loaded on a new machine,
 * the output files opened before and put in place after, the end of
 * the run reported, and everything freed on one path.
 */
#ifndef ALPHASIM_RUN_H
#define ALPHASIM_RUN_H

#include "sim/opts.h"

/* Run what o names; the exit status (sim/opts.h, docs/usage.md): the
 * guest's, or the reason it stopped or could not start, each said in
 * one line on standard error. */
int sim_run(const struct sim_opts *o);

#endif
