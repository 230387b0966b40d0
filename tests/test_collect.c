/*
 * test_collect.c - the daemon's path from driver entries and loader
 * events to the database (daemon/collect.c), fed a synthetic stream:
 * per-image, per-event profiles with the right offsets and counts, the
 * kernel's and the unknown profile, merging across flushes, processes
 * that exit, and conservation of samples in every case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/scratch.h"
#include "daemon/collect.h"
#include "daemon/events.h"
#include "daemon/profdb.h"

static char dir[256];
static char err[PROF_ERR_MAX];
static struct collect col;
static int CYC, IMISS;

enum { KBASE_OFF = 0x10000 };
#define KBASE (IMAGEMAP_KSEG + KBASE_OFF)
#define LIBC_ID 0xc0c0c0c0c0c0c0c0ull

static int setup(void **state)
{
	(void)state;
	assert_int_equal(scratch_make(dir, sizeof dir, "collect-test"), 0);
	collect_init(&col);
	CYC = pmu_event_by_name("cycles");
	IMISS = pmu_event_by_name("imiss");
	assert_true(CYC >= 0 && IMISS >= 0);
	col.ev[CYC] = (struct collect_event){ 62000, 1000, 1000 };
	col.ev[IMISS] = (struct collect_event){ 4096, 250, 1000 };
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	collect_free(&col);
	return scratch_remove(dir);
}

static void rec(uint32_t kind, uint32_t pid, uint64_t id, uint64_t base, uint64_t size,
                uint64_t offset, const char *path)
{
	struct pcount_image r = { kind, pid, id, base, size, offset, 0, "" };
	snprintf(r.path, sizeof r.path, "%s", path);
	collect_image(&col, &r);
}

static void sample(uint32_t pid, uint64_t pc, int event, uint16_t count)
{
	struct pcount_sample s = { pc, pid, (uint16_t)event, count };
	collect_samples(&col, &s, 1);
}

/* The profile of (path, id, event) in dir; false if there is none. */
static bool load(struct prof *p, const char *path, uint64_t id, int event)
{
	struct prof key;
	prof_init(&key);
	snprintf(key.path, sizeof key.path, "%s", path);
	key.id = id;
	snprintf(key.event, sizeof key.event, "%s", pmu_events[event].name);
	char name[PROFDB_NAME_MAX], file[600];
	profdb_file_name(name, sizeof name, &key);
	snprintf(file, sizeof file, "%s/%s", dir, name);
	if (access(file, F_OK))
		return false;
	assert_true(profdb_read(file, p, err, sizeof err));
	return true;
}

static uint64_t count_at(const struct prof *p, uint32_t pid, uint64_t off)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->e[i].pid == pid && p->e[i].offset == off)
			return p->e[i].count;
	return 0;
}

static void assert_conserved(void)
{
	const struct collect_stats *s = &col.st;
	assert_int_equal(s->samples, s->samples_bad + s->samples_in_db +
	                 s->samples_unknown + s->samples_lost);
}

/* Two processes running one program with libc, the kernel, a process
 * nobody described. */
static void stream(void)
{
	rec(PCOUNT_IMG_KERNEL, 0, 0x11, KBASE, 0x20000, KBASE_OFF, "minios.elf");
	rec(PCOUNT_IMG_EXEC, 1, 0xa, 0x120000000, 0x4000, 0, "/bin/prog");
	rec(PCOUNT_IMG_MMAP, 1, LIBC_ID, 0x20000000000, 0x10000, 0x2000, "/lib/libc.so.6.1");
	rec(PCOUNT_IMG_EXEC, 2, 0xa, 0x120000000, 0x4000, 0, "/bin/prog");
	rec(PCOUNT_IMG_MMAP, 2, LIBC_ID, 0x20000800000, 0x10000, 0x2000, "/lib/libc.so.6.1");
	sample(1, 0x120000100, CYC, 10);
	sample(2, 0x120000100, CYC, 5);            /* same offset, other pid */
	sample(1, 0x120000200, IMISS, 3);
	sample(1, 0x20000000040, CYC, 7);          /* libc at two bases ... */
	sample(2, 0x20000800040, CYC, 8);          /* ... one offset, 0x2040 */
	sample(2, KBASE + 0x80, CYC, 4);
	sample(0, KBASE + 0x80, CYC, 2);           /* the idle loop: pid 0 */
	sample(3, 0x120000100, CYC, 6);            /* no map for pid 3 */
	sample(1, 0x7000, IMISS, 1);               /* below every mapping */
	sample(1, 0x120000100, 200, 9);            /* no such event */
}

static void test_flush(void **state)
{
	(void)state;
	stream();
	assert_int_equal(col.st.entries, 10);
	assert_int_equal(col.st.samples, 55);
	assert_int_equal(col.st.loader_events, 5);
	assert_true(collect_flush(&col, dir, err, sizeof err));
	assert_conserved();
	assert_int_equal(col.st.samples_bad, 9);
	assert_int_equal(col.st.samples_unknown, 7);
	assert_int_equal(col.st.samples_in_db, 39);
	assert_int_equal(col.st.files, 6);          /* prog x2, libc, kernel, unknown x2 */
	struct prof p;
	assert_true(load(&p, "/bin/prog", 0xa, CYC));
	assert_int_equal(p.kind, PROF_USER);
	assert_int_equal(p.n, 1);
	assert_int_equal(count_at(&p, 0, 0x100), 15);
	assert_true(p.period == 62000);
	assert_int_equal(p.text_size, 0x4000);
	prof_free(&p);
	assert_true(load(&p, "/bin/prog", 0xa, IMISS));
	assert_int_equal(count_at(&p, 0, 0x200), 3);
	assert_int_equal(p.monitored, 250);
	assert_int_equal(p.elapsed, 1000);
	prof_free(&p);
	assert_true(load(&p, "/lib/libc.so.6.1", LIBC_ID, CYC));
	assert_int_equal(p.n, 1);
	assert_int_equal(count_at(&p, 0, 0x2040), 15);
	prof_free(&p);
	assert_true(load(&p, "minios.elf", 0x11, CYC));
	assert_int_equal(p.kind, PROF_KERNEL);
	assert_int_equal(count_at(&p, 0, KBASE_OFF + 0x80), 6);
	prof_free(&p);
	assert_true(load(&p, PROF_UNKNOWN_PATH, PROF_UNKNOWN_ID, CYC));
	assert_int_equal(p.kind, PROF_UNKNOWN);
	assert_int_equal(count_at(&p, 3, 0x120000100), 6);
	prof_free(&p);
	assert_true(load(&p, PROF_UNKNOWN_PATH, PROF_UNKNOWN_ID, IMISS));
	assert_int_equal(count_at(&p, 1, 0x7000), 1);
	prof_free(&p);
}

static void test_merge_across_flushes(void **state)
{
	(void)state;
	stream();
	assert_true(collect_flush(&col, dir, err, sizeof err));
	uint64_t bytes = col.st.bytes;
	assert_true(bytes > 0);
	/* an empty interval writes nothing */
	assert_true(collect_flush(&col, dir, err, sizeof err));
	assert_int_equal(col.st.bytes, bytes);
	sample(1, 0x120000100, CYC, 1);
	sample(1, 0x120000104, CYC, 2);
	assert_true(collect_flush(&col, dir, err, sizeof err));
	assert_conserved();
	struct prof p;
	assert_true(load(&p, "/bin/prog", 0xa, CYC));
	assert_int_equal(count_at(&p, 0, 0x100), 16);
	assert_int_equal(count_at(&p, 0, 0x104), 2);
	assert_int_equal(p.elapsed, 2000);
	prof_free(&p);
}

static void test_exit(void **state)
{
	(void)state;
	stream();
	rec(PCOUNT_IMG_EXIT, 2, 0, 0, 0, 0, "");
	sample(2, 0x120000100, CYC, 1);            /* still in the driver: mapped */
	assert_true(collect_flush(&col, dir, err, sizeof err));
	collect_reap(&col);
	sample(2, 0x120000100, CYC, 1);            /* after the drain: unknown */
	assert_true(collect_flush(&col, dir, err, sizeof err));
	struct prof p;
	assert_true(load(&p, "/bin/prog", 0xa, CYC));
	assert_int_equal(count_at(&p, 0, 0x100), 16);
	prof_free(&p);
	assert_true(load(&p, PROF_UNKNOWN_PATH, PROF_UNKNOWN_ID, CYC));
	assert_int_equal(count_at(&p, 2, 0x120000100), 1);
	prof_free(&p);
	assert_conserved();
}

static void test_write_failure(void **state)
{
	(void)state;
	stream();
	char missing[300];
	snprintf(missing, sizeof missing, "%s/no/such/epoch", dir);
	assert_false(collect_flush(&col, missing, err, sizeof err));
	assert_non_null(strstr(err, missing));
	/* every sample that could not be written is counted as lost */
	assert_int_equal(col.st.samples_lost, 55 - 9);
	assert_int_equal(col.st.samples_in_db, 0);
	assert_conserved();
	/* and the tables are empty for the next interval */
	assert_true(collect_flush(&col, dir, err, sizeof err));
	assert_int_equal(col.st.files, 0);
}

/* Many distinct offsets: the tables grow and keep every count. */
static void test_many(void **state)
{
	(void)state;
	rec(PCOUNT_IMG_EXEC, 1, 0xa, 0x120000000, 0x100000, 0, "/bin/prog");
	enum { N = 20000 };
	for (int pass = 0; pass < 2; pass++)
		for (uint64_t i = 0; i < N; i++)
			sample(1, 0x120000000 + 4 * ((i * 7919) % N), CYC, (uint16_t)(i % 5 + 1));
	assert_true(collect_flush(&col, dir, err, sizeof err));
	assert_conserved();
	struct prof p;
	assert_true(load(&p, "/bin/prog", 0xa, CYC));
	assert_int_equal(p.n, N);
	for (uint64_t i = 0; i < N; i++) {
		assert_int_equal(p.e[(i * 7919) % N].offset, 4 * ((i * 7919) % N));
		assert_int_equal(p.e[(i * 7919) % N].count, 2 * (i % 5 + 1));
	}
	/* about 2 bytes an entry: delta 4, a count under 128 */
	assert_true(col.st.bytes < 400 + 2 * N + 4);
	prof_free(&p);
}

UNIT_MAIN(NULL, NULL,
	UNIT_ST(test_flush), UNIT_ST(test_merge_across_flushes), UNIT_ST(test_exit),
	UNIT_ST(test_write_failure), UNIT_ST(test_many),
)
