# timing/: the 21164's timing without a CPU (docs/timing.md): the
# machine parameters, the issue model, the caches, memory system, fetch
# side and branch predictor, and the records they tell the truth in.
noinst_LIBRARIES += timing/libtiming.a
timing_libtiming_a_SOURCES = timing/params.h timing/params.c timing/params.def \
	timing/causes.h abi/truth.h timing/issue.h timing/issue.c timing/record.h \
	timing/cache.h timing/cache.c timing/memsys.h timing/memsys.c \
	timing/fetch.h timing/fetch.c timing/bpred.h timing/bpred.c
timing_libtiming_a_CFLAGS = $(AM_CFLAGS) -O2
