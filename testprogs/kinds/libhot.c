/*
 * libhot.c - the library hot.c opens with dlopen (tests/profile_kinds.sh):
 * its samples belong in libhot.so's profile, at hot_lib's offsets.
 */
static volatile long sink;

__attribute__((noinline)) long hot_lib(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += (i ^ sink) >> 1;
	return s;
}
