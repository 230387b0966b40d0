/*
 * test_truthfile.c - reading truth files (analysis/lib/truthfile.h) and the
 * truth by image and offset (analysis/lib/antruth.h), on files written here
 * byte by byte (docs/truth-format.md): the header, the machine
 * description (a key of a later simulator left, a bad value refused),
 * columns by name (one this reader does not know left out), the image
 * table (a record's image and offset, PAL code in the kernel's image, an
 * address in no image), the same instruction in two processes added up;
 * and damage, each refused with a message naming the file: not a truth
 * file, another version, truncated, trailing data, causes that do not
 * add up to the head cycles.  Version 3's PAL cycles on behalf of an
 * instruction (its palfor columns, one a later simulator's, and the
 * CPUs' owed cycles) are read, and the analysis adds them to the
 * instruction PALcode returned to, under the trap's cause, and leaves
 * PAL code's own records their executions only; a version 2 file is
 * still read by truthfile but refused by the analysis in one line.
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
#include "analysis/lib/antruth.h"
#include "analysis/lib/truthfile.h"

#define KBASE (TRUTHFILE_KSEG + 0x10000)

static unsigned char buf[8192];
static size_t len;
static char path[64];

static void put(const void *p, size_t n)
{
	memcpy(buf + len, p, n);
	len += n;
}
static void u32(uint32_t v)
{
	for (int i = 0; i < 4; i++)
		buf[len++] = (unsigned char)(v >> (8 * i));
}
static void u64(uint64_t v)
{
	for (int i = 0; i < 8; i++)
		buf[len++] = (unsigned char)(v >> (8 * i));
}

static void image(uint32_t asn, uint32_t pid, uint64_t base, uint64_t size, uint64_t off,
                  uint64_t ident, const char *p)
{
	u32(asn);
	u32(pid);
	u32(0);
	u32((uint32_t)strlen(p));
	u64(0);
	u64(base);
	u64(size);
	u64(off);
	u64(ident);
	put(p, strlen(p));
}

/* The version good() writes. */
static uint32_t version = 3;

/* Causes pal, a later simulator's "zz_new", dep_int, slot; event imiss;
 * (version 3) PAL cycles for dtb, profiling and a later simulator's
 * "zz_why". */
#define NPALFOR 3
static void record(uint32_t space, uint64_t pc, uint64_t count, uint64_t pal, uint64_t zz,
                   uint64_t dep, uint64_t slot, uint64_t dtb, uint64_t prof, uint64_t why)
{
	u32(space);
	u32(0);
	u64(pc);
	u64(count);
	u64(pal + zz + dep + slot);
	u64(pal);
	u64(zz);
	u64(dep);
	u64(slot);
	u64(count / 2);
	if (version >= 3) {
		u64(dtb);
		u64(prof);
		u64(why);
	}
}

/* A file: params, then 5 records, the last at an address no image
 * covers.  PAL code's 7 cycles: 3 for a DTB miss and 1 for zz_why of
 * 0x120000010 (two processes), 1 for a sampling interrupt before
 * 0x120000014, 2 owed by the first CPU. */
static void good(const char *params)
{
	len = 0;
	put("ASTRUTH\n", 8);
	u32(version);
	u32(4);
	u32(1);
	if (version >= 3)
		u32(NPALFOR);
	u32(2);
	u32((uint32_t)strlen(params));
	put(params, strlen(params));
	put("pal\0zz_new\0dep_int\0slot\0", 24);
	put("imiss\0", 6);
	if (version >= 3)
		put("dtb\0profiling\0zz_why\0", 21);
	u64(1000);
	u64(10);
	if (version >= 3)
		u64(2);
	u64(500);
	u64(4);
	if (version >= 3)
		u64(0);
	u64(3);
	image(0, 0, KBASE, 0x8000, 0x10000, 0x1111, "/boot/minios.elf");
	image(1, 2, 0x120000000, 0x4000, 0, 0x2222, "/bin/prog");
	image(2, 3, 0x120000000, 0x4000, 0, 0x2222, "/bin/prog");
	u64(5);
	record(TRUTHFILE_SPACE_PAL, 0x10040, 1, 6, 0, 0, 1, 0, 0, 0);
	record(1, 0x120000010, 5, 0, 2, 3, 5, 2, 0, 0);
	record(2, 0x120000010, 3, 0, 0, 0, 3, 1, 0, 1);
	record(2, 0x120000014, 3, 0, 0, 1, 2, 0, 1, 0);
	record(1, 0x200000000, 1, 0, 0, 0, 1, 0, 0, 0);
}

static int setup(void **state)
{
	(void)state;
	snprintf(path, sizeof path, "/tmp/test_truthfile.%d", (int)getpid());
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(path);
	return 0;
}

static void test_read(void **state)
{
	(void)state;
	good("lat_mem=77\n");
	scratch_put(path, buf, len);
	struct truthfile t;
	struct truthfile_rec r;
	char err[256];
	assert_true(truthfile_open(&t, path, err, sizeof err));
	assert_int_equal(t.version, 3);
	assert_int_equal(t.ncause, 4);
	assert_int_equal(t.npalfor, NPALFOR);
	assert_string_equal(t.palfor_name[1], "profiling");
	assert_int_equal(t.owed, 2);
	assert_int_equal(t.cycles, 1500);
	assert_int_equal(t.insns, 14);
	assert_int_equal(t.nimg, 3);
	assert_int_equal(t.cause_tc[0], TC_pal);
	assert_int_equal(t.cause_tc[1], -1);
	assert_int_equal(truthfile_cause_col(&t, TC_slot), 3);
	assert_int_equal(truthfile_cause_col(&t, TC_imiss), -1);
	int n = 0, got;
	uint64_t palfor = 0;
	while ((got = truthfile_next(&t, &r, err, sizeof err)) > 0) {
		for (unsigned k = 0; k < NPALFOR; k++)
			palfor += r.palfor[k];
		uint64_t off = 0;
		const struct truthfile_image *im = truthfile_image_of(&t, r.space, r.pc, &off);
		assert_true(truthfile_balanced(&t, &r));
		if (n == 0) {          /* PAL code: the kernel's image */
			assert_non_null(im);
			assert_string_equal(im->path, "/boot/minios.elf");
			assert_int_equal(off, 0x10040);
		} else if (n < 4) {
			assert_non_null(im);
			assert_string_equal(im->path, "/bin/prog");
			assert_int_equal(off, r.pc - 0x120000000);
		} else {
			assert_null(im);
		}
		n++;
	}
	assert_int_equal(got, 0);
	assert_int_equal(n, 5);
	assert_int_equal(palfor + t.owed, 7);     /* PAL code's head cycles */
	truthfile_close(&t);
}

static void test_by_image(void **state)
{
	(void)state;
	good("lat_mem=77\nfuture_key=5\n");
	scratch_put(path, buf, len);
	struct an_truth t;
	char err[256];
	assert_true(an_truth_load(&t, path, err, sizeof err));
	assert_int_equal(t.params.lat_mem, 77);
	assert_int_equal(t.cycles, 1500);
	assert_int_equal(t.nimg, 2);
	const struct an_truth_image *k = an_truth_image(&t, "/boot/minios.elf", 0x1111);
	const struct an_truth_image *p = an_truth_image(&t, "/bin/prog", 0x2222);
	assert_non_null(k);
	assert_non_null(p);
	assert_null(an_truth_image(&t, "/bin/prog", 0x3333));
	/* PAL code: its executions, its cycles the instructions' */
	const struct an_truth_insn *x = an_truth_at(k, 0x10040);
	assert_non_null(x);
	assert_int_equal(x->count, 1);
	assert_int_equal(x->head, 0);
	assert_int_equal(x->cause[TC_pal], 0);
	/* one instruction, two processes: added up, with the PAL cycles
	 * run for it (a DTB miss's under dtbmiss, a cause this reader does
	 * not know under pal) */
	x = an_truth_at(p, 0x10);
	assert_non_null(x);
	assert_int_equal(x->count, 8);
	assert_int_equal(x->head, 17);
	assert_int_equal(x->cause[TC_dep_int], 3);
	assert_int_equal(x->cause[TC_slot], 8);
	assert_int_equal(x->cause[TC_dtbmiss], 3);
	assert_int_equal(x->cause[TC_pal], 1);
	x = an_truth_at(p, 0x14);
	assert_non_null(x);
	assert_int_equal(x->head, 4);
	assert_int_equal(x->cause[TC_profiling], 1);
	assert_int_equal(p->n, 2);
	assert_null(an_truth_at(p, 0x18));
	an_truth_free(&t);
}

/* Version 2 (no PAL cycles for each instruction): truthfile reads it
 * (truthcsv prints it), the analysis refuses it in one line naming the
 * file, since it would call the samples of PAL code wrong. */
static void test_version2(void **state)
{
	(void)state;
	version = 2;
	good("lat_mem=77\n");
	version = 3;
	scratch_put(path, buf, len);
	struct truthfile f;
	struct truthfile_rec r;
	char err[256];
	assert_true(truthfile_open(&f, path, err, sizeof err));
	assert_int_equal(f.version, 2);
	assert_int_equal(f.npalfor, 0);
	assert_int_equal(f.owed, 0);
	int n = 0, got;
	while ((got = truthfile_next(&f, &r, err, sizeof err)) > 0)
		n++;
	assert_int_equal(got, 0);
	assert_int_equal(n, 5);
	truthfile_close(&f);
	struct an_truth t;
	assert_false(an_truth_load(&t, path, err, sizeof err));
	assert_int_equal(strncmp(err, path, strlen(path)), 0);
	assert_non_null(strstr(err, "truth file version 2 has no record of the PAL cycles"));
	assert_non_null(strstr(err, "run alphasim again"));
	assert_null(strchr(err, '\n'));
}

/* The file's damage and the message that names it. */
static void refused(const char *why, bool deep)
{
	char err[256];
	scratch_put(path, buf, len);
	struct an_truth t;
	assert_false(an_truth_load(&t, path, err, sizeof err));
	if (strncmp(err, path, strlen(path)) || !strstr(err, why))
		fail_msg("'%s': want '%s'", err, why);
	if (!deep) {
		struct truthfile f;
		assert_false(truthfile_open(&f, path, err, sizeof err));
		assert_non_null(strstr(err, why));
	}
}

static void test_damage(void **state)
{
	(void)state;
	good("");
	buf[0] = 'X';
	refused("not an alphasim truth file", false);
	good("");
	buf[8] = 9;
	refused("unsupported truth file version 9", false);
	good("");
	len -= 20;
	refused("truncated file", true);
	good("");
	len = 40;
	refused("truncated file", false);
	good("");
	buf[len++] = 0;
	refused("trailing data", true);
	good("");
	buf[len - 16 - 8 * NPALFOR] ^= 1;   /* the last record's slot cycles */
	refused("do not add up", true);
	good("lat_mem=0\n");
	refused("lat_mem", true);
	struct an_truth t;
	char err[256];
	assert_false(an_truth_load(&t, "/nonexistent/truth", err, sizeof err));
	assert_non_null(strstr(err, "/nonexistent/truth: No such file"));
}

UNIT_MAIN(setup, teardown,
	cmocka_unit_test(test_read),
	cmocka_unit_test(test_by_image),
	cmocka_unit_test(test_version2),
	cmocka_unit_test(test_damage),
)
