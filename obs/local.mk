# obs/: the observers of a run (docs/usage.md "Output files"): the
# ground truth, the stats file, the skid trace, a --profile run's figures.
noinst_LIBRARIES += obs/libobs.a
obs_libobs_a_SOURCES = obs/truth.h obs/truth.c obs/stats.h obs/stats.c \
	obs/skid.h obs/skid.c obs/figures.h obs/figures.c
obs_libobs_a_CFLAGS = $(AM_CFLAGS) -O2
