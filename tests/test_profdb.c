/*
 * test_profdb.c - the profile database (daemon/profile.c, profdb.c;
 * docs/dcpi-db.md): the checksum, a round trip through a file, merging,
 * epochs and file names, writes that leave no temporary file, and every
 * kind of damage detected with a message naming the file; the epoch's
 * handler cost file (daemon/handcost.c).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/scratch.h"
#include "daemon/crc32.h"
#include "daemon/handcost.h"
#include "daemon/profdb.h"

static char dir[256];                /* a scratch epoch directory */
static char err[PROF_ERR_MAX];

static int setup(void **state)
{
	(void)state;
	return scratch_make(dir, sizeof dir, "profdb-test");
}

static int teardown(void **state)
{
	(void)state;
	return scratch_remove(dir);
}

/* An image profile: counts c*7 at offsets 0x100 + 8c, pid 0. */
static void make(struct prof *p, const char *path, uint64_t id, const char *event,
                 int n, double period)
{
	prof_init(p);
	snprintf(p->path, sizeof p->path, "%s", path);
	snprintf(p->event, sizeof p->event, "%s", event);
	p->kind = PROF_USER;
	p->id = id;
	p->text_off = 0x100;
	p->text_size = 0x1000;
	p->period = period;
	p->monitored = 500;
	p->elapsed = 1000;
	for (int c = n; c >= 1; c--)                  /* pushed out of order */
		assert_true(prof_push(p, 0, 0x100 + 8 * (uint64_t)c, (uint64_t)c * 7));
	assert_true(prof_sort(p));
}

static void path_of(char *buf, size_t len, const struct prof *p)
{
	char name[PROFDB_NAME_MAX];
	profdb_file_name(name, sizeof name, p);
	snprintf(buf, len, "%s/%s", dir, name);
}

/* The file profdb_write made of p, read back into q. */
static void read_back(const struct prof *p, struct prof *q)
{
	char path[512];
	path_of(path, sizeof path, p);
	assert_true(profdb_read(path, q, err, sizeof err));
}

#define FILE_MAX (1 << 16)      /* the largest file the tests read whole */

/* The bytes of a file into buf (FILE_MAX of them); how many. */
static size_t slurp(const char *path, unsigned char *buf)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	size_t len = fread(buf, 1, FILE_MAX, f);
	fclose(f);
	return len;
}

/* The file at path holds these len bytes and no others. */
static void file_is(const char *path, const void *want, size_t len)
{
	static unsigned char have[FILE_MAX];
	assert_int_equal(slurp(path, have), len);
	assert_memory_equal(have, want, len);
}

static void test_crc32(void **state)
{
	(void)state;
	/* the standard check value of CRC-32 */
	assert_int_equal(crc32_update(0, "123456789", 9), 0xcbf43926u);
	assert_int_equal(crc32_update(crc32_update(0, "1234", 4), "56789", 5), 0xcbf43926u);
}

static void test_round_trip(void **state)
{
	(void)state;
	struct prof p, q;
	make(&p, "/lib/libc.so.6.1", 0x0123456789abcdefull, "cycles", 300, 62000.5);
	/* an entry needing every byte of a varint */
	assert_true(prof_push(&p, 0, UINT64_MAX, 1));
	assert_true(prof_sort(&p));
	size_t bytes;
	assert_true(profdb_write(dir, &p, &bytes, err, sizeof err));
	char path[512];
	path_of(path, sizeof path, &p);
	assert_true(strstr(path, "/0123456789abcdef-libc.so.6.1.cycles.prof") != NULL);
	assert_true(profdb_read(path, &q, err, sizeof err));
	assert_string_equal(q.path, p.path);
	assert_string_equal(q.event, "cycles");
	assert_int_equal(q.kind, PROF_USER);
	assert_int_equal(q.id, p.id);
	assert_int_equal(q.text_off, 0x100);
	assert_int_equal(q.text_size, 0x1000);
	assert_true(q.period == 62000.5);
	assert_int_equal(q.monitored, 500);
	assert_int_equal(q.elapsed, 1000);
	assert_int_equal(q.samples, p.samples);
	assert_int_equal(q.n, 301);
	for (size_t i = 0; i < p.n; i++) {         /* field by field: padding */
		assert_int_equal(q.e[i].pid, p.e[i].pid);
		assert_int_equal(q.e[i].offset, p.e[i].offset);
		assert_int_equal(q.e[i].count, p.e[i].count);
	}
	/* compact: well under the 24 bytes of a raw (offset, count) pair */
	assert_true(bytes < 400 + 3 * p.n);
	prof_free(&p);
	prof_free(&q);
}

static void test_unknown_groups(void **state)
{
	(void)state;
	struct prof p, q;
	prof_init(&p);
	strcpy(p.path, PROF_UNKNOWN_PATH);
	strcpy(p.event, "imiss");
	p.kind = PROF_UNKNOWN;
	p.period = 4096;
	/* (pid, pc) keys: three processes, repeated keys add up */
	assert_true(prof_push(&p, 7, 0x120001000, 2));
	assert_true(prof_push(&p, 3, 0x120001000, 5));
	assert_true(prof_push(&p, 7, 0x120000ff0, 1));
	assert_true(prof_push(&p, 3, 0x120001000, 4));
	assert_true(prof_push(&p, 1000000, 0xfffffc0000010000ull, 9));
	assert_true(prof_sort(&p));
	assert_int_equal(p.n, 4);
	size_t bytes;
	assert_true(profdb_write(dir, &p, &bytes, err, sizeof err));
	read_back(&p, &q);
	assert_int_equal(q.kind, PROF_UNKNOWN);
	assert_int_equal(q.n, 4);
	assert_int_equal(q.e[0].pid, 3);
	assert_int_equal(q.e[0].count, 9);
	assert_int_equal(q.e[1].pid, 7);
	assert_int_equal(q.e[1].offset, 0x120000ff0);
	assert_int_equal(q.e[3].pid, 1000000);
	assert_int_equal(q.samples, 21);
	prof_free(&p);
	prof_free(&q);
}

static void test_merge(void **state)
{
	(void)state;
	struct prof a, b, q;
	make(&a, "/bin/prog", 42, "cycles", 10, 1000);
	make(&b, "/bin/prog", 42, "cycles", 20, 4000);
	b.text_off = 0x80;
	b.text_size = 0x100;
	size_t bytes;
	assert_true(profdb_write(dir, &a, &bytes, err, sizeof err));
	assert_true(profdb_write(dir, &b, &bytes, err, sizeof err));
	read_back(&a, &q);
	assert_int_equal(q.n, 20);
	for (size_t i = 0; i < q.n; i++) {
		uint64_t c = i + 1;
		assert_int_equal(q.e[i].offset, 0x100 + 8 * c);
		assert_int_equal(q.e[i].count, c * 7 * (c <= 10 ? 2 : 1));
	}
	assert_int_equal(q.samples, a.samples + b.samples);
	/* samples x period adds up: the estimated events are kept */
	double events = 1000.0 * (double)a.samples + 4000.0 * (double)b.samples;
	assert_true(q.period * (double)q.samples > events * (1 - 1e-12) &&
	            q.period * (double)q.samples < events * (1 + 1e-12));
	assert_int_equal(q.monitored, 1000);
	assert_int_equal(q.elapsed, 2000);
	assert_int_equal(q.text_off, 0x80);
	assert_int_equal(q.text_size, 0x1080);
	/* another event or image is refused */
	struct prof c;
	make(&c, "/bin/prog", 42, "imiss", 1, 10);
	assert_false(prof_merge(&q, &c, err, sizeof err));
	assert_non_null(strstr(err, "cannot merge"));
	c.id = 43;
	strcpy(c.event, "cycles");
	assert_false(prof_merge(&q, &c, err, sizeof err));
	/* counts overflowing 64 bits are refused, dst unchanged */
	struct prof big;
	make(&big, "/bin/prog", 42, "cycles", 0, 1000);
	assert_true(prof_push(&big, 0, 0x108, UINT64_MAX - q.samples + 1));
	assert_false(prof_merge(&q, &big, err, sizeof err));
	assert_non_null(strstr(err, "overflow"));
	assert_int_equal(q.e[0].count, 14);
	prof_free(&a);
	prof_free(&b);
	prof_free(&c);
	prof_free(&q);
	prof_free(&big);
}

/* Only profiles in the directory: no temporary file left behind. */
static void assert_no_temp(void)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	for (struct dirent *de; (de = readdir(d));) {
		size_t n = strlen(de->d_name);
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			assert_true(de->d_name[0] != '.' && n > 5 &&
			            !strcmp(de->d_name + n - 5, ".prof"));
	}
	closedir(d);
}

static void test_atomic(void **state)
{
	(void)state;
	struct prof a, b;
	make(&a, "/bin/prog", 1, "cycles", 5, 100);
	make(&b, "/other/prog", 2, "cycles", 5, 100);
	size_t bytes;
	for (int i = 0; i < 3; i++)
		assert_true(profdb_write(dir, &a, &bytes, err, sizeof err));
	assert_true(profdb_write(dir, &b, &bytes, err, sizeof err));
	assert_no_temp();
	char **names;
	size_t n;
	assert_true(profdb_list(dir, &names, &n, err, sizeof err));
	/* two images with one basename keep two files */
	assert_int_equal(n, 2);
	assert_string_equal(names[0], "0000000000000001-prog.cycles.prof");
	assert_string_equal(names[1], "0000000000000002-prog.cycles.prof");
	profdb_names_free(names, n);
	/* a corrupt profile is not overwritten: the write fails naming it,
	 * the file is as it was, and no temporary file remains */
	char path[512];
	path_of(path, sizeof path, &a);
	static unsigned char damaged[FILE_MAX];
	size_t len = slurp(path, damaged);
	damaged[len - 1] ^= 1;
	scratch_put(path, damaged, len);
	assert_false(profdb_write(dir, &a, &bytes, err, sizeof err));
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "checksum"));
	file_is(path, damaged, len);
	assert_no_temp();
	prof_free(&a);
	prof_free(&b);
}

/* A link planted at the temporary file's name is not written through:
 * its target stays as it was and the profile is written all the same. */
static void test_planted_link(void **state)
{
	(void)state;
	struct prof a;
	make(&a, "/bin/prog", 1, "cycles", 5, 100);
	char name[PROFDB_NAME_MAX], victim[512], link[600];
	profdb_file_name(name, sizeof name, &a);
	snprintf(victim, sizeof victim, "%s/victim", dir);
	scratch_put(victim, "secret", 6);
	/* the names this writer and its predecessor would use */
	snprintf(link, sizeof link, "%s/.%s.%ld.tmp", dir, name, (long)getpid());
	assert_int_equal(symlink("victim", link), 0);
	for (unsigned i = 0; i < 3; i++) {
		snprintf(link, sizeof link, "%s/.%s.%ld.%u.tmp", dir, name, (long)getpid(), i);
		assert_int_equal(symlink("victim", link), 0);
	}
	size_t bytes;
	assert_true(profdb_write(dir, &a, &bytes, err, sizeof err));
	file_is(victim, "secret", 6);
	struct prof back;
	read_back(&a, &back);
	assert_int_equal(back.n, a.n);
	prof_free(&back);
	prof_free(&a);
}

static void test_names(void **state)
{
	(void)state;
	struct prof p;
	make(&p, "/tmp/we ird/na:me*", 0xff, "dmiss", 1, 100);
	char name[PROFDB_NAME_MAX];
	profdb_file_name(name, sizeof name, &p);
	assert_string_equal(name, "00000000000000ff-na_me_.dmiss.prof");
	strcpy(p.path, "/dir/");
	profdb_file_name(name, sizeof name, &p);
	assert_string_equal(name, "00000000000000ff-_.dmiss.prof");
	/* a path that cannot go in the text header */
	strcpy(p.path, "two\nlines");
	unsigned char *b;
	size_t len;
	assert_false(prof_encode(&p, &b, &len, err, sizeof err));
	prof_free(&p);
}

static void test_epochs(void **state)
{
	(void)state;
	char db[300];
	snprintf(db, sizeof db, "%s/db", dir);
	unsigned e, *list;
	size_t n;
	assert_true(profdb_epoch(db, false, &e, err, sizeof err));
	assert_int_equal(e, 1);
	assert_true(profdb_epoch(db, false, &e, err, sizeof err));
	assert_int_equal(e, 1);
	assert_true(profdb_epoch(db, true, &e, err, sizeof err));
	assert_int_equal(e, 2);
	char edir[400];
	profdb_epoch_dir(edir, sizeof edir, db, 2);
	assert_int_equal(access(edir, F_OK), 0);
	assert_true(strstr(edir, "/db/epoch-0002") != NULL);
	assert_true(profdb_epochs(db, &list, &n, err, sizeof err));
	assert_int_equal(n, 2);
	assert_int_equal(list[0], 1);
	assert_int_equal(list[1], 2);
	free(list);
	snprintf(db, sizeof db, "%s/missing/db", dir);
	assert_false(profdb_epoch(db, false, &e, err, sizeof err));
	assert_non_null(strstr(err, db));
}

/* A damaged copy of a good profile must be refused with a message that
 * names the file and says what is wrong. */
static void expect_bad(const unsigned char *b, size_t len, const char *what)
{
	char path[512];
	snprintf(path, sizeof path, "%s/damaged.prof", dir);
	scratch_put(path, b, len);
	struct prof q;
	if (profdb_read(path, &q, err, sizeof err)) {
		prof_free(&q);
		fail_msg("%s: read as good (%zu bytes)", what, len);
	}
	if (strncmp(err, path, strlen(path)) || !strstr(err, what))
		fail_msg("want '%s: ...%s...', got '%s'", path, what, err);
}

static void test_damage(void **state)
{
	(void)state;
	struct prof p;
	make(&p, "/bin/prog", 9, "cycles", 50, 62000);
	unsigned char *good, copy[4096];
	size_t len;
	assert_true(prof_encode(&p, &good, &len, err, sizeof err));
	assert_true(len < sizeof copy);
	size_t hlen = (size_t)((unsigned char *)memmem(good, len, "\n\n", 2) - good) + 2;
	/* every truncation */
	for (size_t cut = 0; cut < len; cut++)
		expect_bad(good, cut, cut < hlen ? "" : "truncated");
	/* every single-bit flip in the body and checksum */
	for (size_t i = hlen; i < len; i++) {
		memcpy(copy, good, len);
		copy[i] ^= 0x10;
		expect_bad(copy, len, "checksum mismatch");
	}
	memcpy(copy, good, len);
	copy[0] = 'D';
	expect_bad(copy, len, "bad magic");
	memcpy(copy, good, len);
	copy[13] = '2';                              /* "dcpi-profile 2" */
	expect_bad(copy, len, "bad version 2");
	memcpy(copy, good, len);
	copy[len] = 0;
	expect_bad(copy, len + 1, "after the checksum");
	memcpy(copy, good, len);
	memcpy(strstr((char *)copy, "event "), "evenT ", 6);
	expect_bad(copy, len, "expected a 'event' line");
	free(good);
	/* counts whose sum overflows, behind a good checksum */
	struct prof q = p;
	struct prof_entry big[2] = { { 8, UINT64_MAX, 0 }, { 16, 2, 0 } };
	q.e = big;
	q.n = 2;
	q.samples = 1;
	assert_true(prof_encode(&q, &good, &len, err, sizeof err));
	expect_bad(good, len, "counts overflow");
	free(good);
	/* a header whose totals disagree with the body */
	q.e = p.e;
	q.n = p.n;
	q.samples = p.samples + 1;
	assert_true(prof_encode(&q, &good, &len, err, sizeof err));
	expect_bad(good, len, "the header says");
	free(good);
	prof_free(&p);
}

/* The handler's cost: none yet (found false, nothing added), two adds
 * summed per event in the file's text, read into sums that add; a
 * damaged file refused naming it and its line. */
static void test_handcost(void **state)
{
	(void)state;
	struct pcount_cost c[PEV_COUNT] = { { 0 } }, add[PEV_COUNT] = { { 0 } };
	bool found = true;
	assert_true(handcost_read(dir, c, &found, err, sizeof err));
	assert_false(found);
	assert_int_equal(c[PEV_CYCLES].interrupts, 0);
	add[PEV_CYCLES] = (struct pcount_cost){ 10, 800, 3500, 0 };
	add[PEV_IMISS] = (struct pcount_cost){ 2, 170, 720, 0 };
	assert_true(handcost_add(dir, add, err, sizeof err));
	assert_true(handcost_add(dir, add, err, sizeof err));
	DIR *d = opendir(dir);                   /* no temporary file left */
	assert_non_null(d);
	for (struct dirent *de; (de = readdir(d));)
		assert_true(!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		            !strcmp(de->d_name, HANDCOST_FILE));
	closedir(d);
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, HANDCOST_FILE);
	static const char text[] = "dcpi-handler-cost 1\ncycles 20 1600 7000\nimiss 4 340 1440\n";
	file_is(path, (const unsigned char *)text, strlen(text));
	c[PEV_CYCLES].interrupts = 1;
	assert_true(handcost_read(dir, c, &found, err, sizeof err));
	assert_true(found);
	assert_int_equal(c[PEV_CYCLES].interrupts, 21);
	assert_int_equal(c[PEV_CYCLES].after_reload, 1600);
	assert_int_equal(c[PEV_IMISS].from_entry, 1440);
	static const char bad[] = "dcpi-handler-cost 1\ncycles 20 1600 7000\nnosuch 1 2 3\n";
	scratch_put(path, (const unsigned char *)bad, strlen(bad));
	assert_false(handcost_read(dir, c, &found, err, sizeof err));
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "line 3"));
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test(test_crc32),
	UNIT_ST(test_round_trip), UNIT_ST(test_unknown_groups), UNIT_ST(test_merge),
	UNIT_ST(test_atomic), UNIT_ST(test_planted_link), UNIT_ST(test_names),
	UNIT_ST(test_epochs), UNIT_ST(test_damage), UNIT_ST(test_handcost),
)
