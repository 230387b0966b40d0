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

/* Records kept whole: mapped to (image, offset) by their context and
 * PC (the kernel's in any process, none for an unmapped PC), written as
 * two segments that read back whole and in order with one image table;
 * a failed write counted as lost; records = in_stream + lost. */
static void test_records(void **state)
{
	(void)state;
	rec(PCOUNT_IMG_EXEC, 1, 0xa, 0x120000000, 0x10000, 0, "/bin/prog");
	rec(PCOUNT_IMG_KERNEL, 0, 0xb, KBASE, 0x1000, 0, "/boot/minios.elf");
	struct pm_record r[3] = { { .pc = 0x120000040, .ea = 0x140000008, .ctx = 1,
	                            .flags = PM_F_VALID | PM_F_RETIRED, .lat = 8, .seq = 1 },
	                          { .pc = KBASE + 0x20, .ctx = 1, .flags = PM_F_VALID, .seq = 2 },
	                          { .pc = 0x7000, .ctx = 1, .flags = PM_F_VALID, .seq = 3 } };
	collect_records(&col, r, 3, 0);
	assert_true(collect_records_write(&col, dir, 1024, err, sizeof err));
	collect_records(&col, r, 1, 1);
	assert_true(collect_records_write(&col, dir, 2048, err, sizeof err));
	char missing[300];
	snprintf(missing, sizeof missing, "%s/no/such/epoch", dir);
	collect_records(&col, r, 2, 0);
	assert_false(collect_records_write(&col, missing, 1024, err, sizeof err));
	assert_non_null(strstr(err, missing));
	assert_int_equal(col.st.records, 6);
	assert_int_equal(col.st.records_in_stream, 4);
	assert_int_equal(col.st.records_lost, 2);
	char path[400];
	snprintf(path, sizeof path, "%s/%s", dir, PMREC_FILE);
	struct pmrec_stream s;
	assert_true(pmrec_read(path, &s, err, sizeof err));
	assert_int_equal(s.n, 4);
	assert_int_equal(s.segments, 2);
	assert_int_equal(s.period, 2048);
	assert_int_equal(s.nimg, 2);
	assert_string_equal(s.img[s.rec[0].image].path, "/bin/prog");
	assert_int_equal(s.rec[0].offset, 0x40);
	assert_int_equal(s.rec[0].r.ea, 0x140000008);
	assert_int_equal(s.rec[0].r.lat, 8);
	assert_string_equal(s.img[s.rec[1].image].path, "/boot/minios.elf");
	assert_int_equal(s.img[s.rec[1].image].kind, PROF_KERNEL);
	assert_int_equal(s.rec[1].offset, 0x20);
	assert_int_equal(s.rec[2].image, PMREC_NO_IMAGE);
	assert_int_equal(s.rec[2].offset, 0x7000);
	assert_int_equal(s.rec[3].image, s.rec[0].image);
	assert_int_equal(s.rec[3].cpu, 1);
	assert_int_equal(s.rec[3].r.seq, 1);
	pmrec_stream_free(&s);
}

/* Every cut of a stream, and every flipped bit of its first segment,
 * is refused with the file's name. */
static void test_records_damage(void **state)
{
	(void)state;
	rec(PCOUNT_IMG_EXEC, 1, 0xa, 0x120000000, 0x10000, 0, "/bin/prog");
	struct pm_record r = { .pc = 0x120000040, .ctx = 1, .flags = PM_F_VALID, .seq = 1 };
	collect_records(&col, &r, 1, 0);
	assert_true(collect_records_write(&col, dir, 1024, err, sizeof err));
	char path[400];
	snprintf(path, sizeof path, "%s/%s", dir, PMREC_FILE);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	static unsigned char buf[4096];
	size_t len = fread(buf, 1, sizeof buf, f);
	fclose(f);
	struct pmrec_stream s;
	assert_true(pmrec_decode(&s, buf, len, "x.pmr", err, sizeof err));
	pmrec_stream_free(&s);
	for (size_t cut = 1; cut < len; cut++)
		if (cut != sizeof(struct pmrec_file_header)) {   /* a header alone: empty */
			assert_false(pmrec_decode(&s, buf, cut, "x.pmr", err, sizeof err));
			assert_memory_equal(err, "x.pmr: ", 7);
		}
	/* past the file header and the segment's reserved word and period,
	 * which the checksum does not cover */
	for (size_t at = 0; at < len; at++) {
		size_t h = sizeof(struct pmrec_file_header);
		if (at >= h + 12 && at < h + 24)
			continue;
		for (int bit = 0; bit < 8; bit++) {
			buf[at] ^= (unsigned char)(1u << bit);
			bool ok = pmrec_decode(&s, buf, len, "x.pmr", err, sizeof err);
			buf[at] ^= (unsigned char)(1u << bit);
			if (ok)
				pmrec_stream_free(&s);
			else
				assert_memory_equal(err, "x.pmr: ", 7);
			/* only the file header's reserved bits could pass: none */
			assert_false(ok);
		}
	}
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
	UNIT_ST(test_write_failure), UNIT_ST(test_many), UNIT_ST(test_records),
	UNIT_ST(test_records_damage),
)
