/*
 * test_outfile.c - unit tests of util/outfile: an output file appears
 * whole at the commit or not at all, keeps an existing file's mode,
 * replaces the file a symbolic link names and not the link, refuses a
 * link to nothing and a directory, writes a FIFO in place, and leaves no
 * temporary file after an abort, a failed write or a fatal signal.
 * (tests/cli_output.sh checks the same through alphasim's options, with
 * devices, standard output and an unwritable directory.)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/scratch.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/outfile.h"

static char dir[64];
static char err[PATH_MAX + 256];

static int setup(void **state)
{
	(void)state;
	umask(022);
	return scratch_make(dir, sizeof dir, "test_outfile");
}

static int teardown(void **state)
{
	(void)state;
	return scratch_remove(dir);
}

static const char *at(const char *name)
{
	static char buf[4][PATH_MAX];
	static int n;
	char *b = buf[n++ % 4];
	snprintf(b, PATH_MAX, "%s/%s", dir, name);
	return b;
}

/* The names in the test directory, sorted, space-separated. */
static const char *listing(void)
{
	static char buf[1024];
	struct dirent **e;
	int n = scandir(dir, &e, NULL, alphasort);
	buf[0] = 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(e[i]->d_name, ".") && strcmp(e[i]->d_name, ".."))
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
			         buf[0] ? " " : "", e[i]->d_name);
		free(e[i]);
	}
	free(e);
	return buf;
}

static const char *content(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	buf[n] = 0;
	if (f)
		fclose(f);
	return f ? buf : "(none)";
}

/* NAME written whole through an outfile (whose open must succeed): the
 * commit's answer. */
static bool write_text(const char *name, const char *text)
{
	struct outfile o;
	assert_true(outfile_open(&o, at(name), err, sizeof err));
	fputs(text, o.f);
	return outfile_commit(&o, err, sizeof err);
}

/* NAME is (still) a file of this kind (S_IFLNK, S_IFIFO, ...). */
static void kind_is(const char *name, mode_t kind)
{
	struct stat st;
	assert_int_equal(lstat(at(name), &st), 0);
	assert_int_equal(st.st_mode & S_IFMT, kind);
}

/* NAME exists and has these permission bits. */
static void mode_is(const char *name, mode_t mode)
{
	struct stat st;
	assert_int_equal(stat(at(name), &st), 0);
	assert_int_equal(st.st_mode & 0777, mode);
}

/* NAME written with text through an outfile: until the commit it holds
 * before ("(none)": it does not exist) and the text is in a temporary
 * file beside it; after, NAME holds the text with permission bits mode
 * and is all the directory holds. */
static void write_through(const char *name, const char *before, const char *text, mode_t mode)
{
	struct outfile o;
	char tmp[64];
	snprintf(tmp, sizeof tmp, ".%s.", name);
	assert_true(outfile_open(&o, at(name), err, sizeof err));
	fputs(text, o.f);
	assert_string_equal(content(at(name)), before);
	assert_int_equal(strncmp(listing(), tmp, strlen(tmp)), 0);
	assert_true(outfile_commit(&o, err, sizeof err));
	assert_string_equal(content(at(name)), text);
	mode_is(name, mode);
	assert_string_equal(listing(), name);
}

/* A new file gets the mode of any new file (0666 less the umask). */
static void test_new_file(void **state)
{
	(void)state;
	write_through("new.json", "(none)", "{ }\n", 0644);
}

/* An existing file is replaced with its permission bits kept. */
static void test_replace_keeps_mode(void **state)
{
	(void)state;
	scratch_put(at("old"), "old\n", strlen("old\n"));
	assert_int_equal(chmod(at("old"), 0640), 0);
	write_through("old", "old\n", "new\n", 0640);
}

/* An abort leaves the old file as it was and nothing else. */
static void test_abort(void **state)
{
	(void)state;
	struct outfile o;
	scratch_put(at("keep"), "keep\n", strlen("keep\n"));
	assert_true(outfile_open(&o, at("keep"), err, sizeof err));
	fputs("half", o.f);
	outfile_abort(&o);
	outfile_abort(&o);                      /* a second one is a no-op */
	assert_string_equal(content(at("keep")), "keep\n");
	assert_true(outfile_open(&o, at("never"), err, sizeof err));
	outfile_abort(&o);
	assert_string_equal(listing(), "keep");
}

/* A link to a regular file: the file is replaced, the link stays a link
 * to it.  A link to nothing is refused and nothing is created. */
static void test_symlinks(void **state)
{
	(void)state;
	struct outfile o;
	mkdir(at("sub"), 0755);
	scratch_put(at("sub/real"), "old\n", strlen("old\n"));
	assert_int_equal(symlink("sub/real", at("link")), 0);
	assert_true(write_text("link", "via link\n"));
	kind_is("link", S_IFLNK);
	assert_string_equal(content(at("sub/real")), "via link\n");
	assert_string_equal(listing(), "link sub");

	assert_int_equal(symlink("nowhere", at("dangling")), 0);
	assert_false(outfile_open(&o, at("dangling"), err, sizeof err));
	assert_non_null(strstr(err, "dangling: a symbolic link to a missing file"));
	struct stat st;
	assert_int_equal(lstat(at("nowhere"), &st), -1);
}

/* The old FILE.tmp scheme wrote through a link planted there; nothing
 * written now goes through an existing name. */
static void test_planted_tmp_link(void **state)
{
	(void)state;
	scratch_put(at("victim"), "victim\n", strlen("victim\n"));
	assert_int_equal(symlink("victim", at("out.json.tmp")), 0);
	assert_true(write_text("out.json", "out\n"));
	assert_string_equal(content(at("victim")), "victim\n");
	assert_string_equal(content(at("out.json")), "out\n");
	assert_string_equal(listing(), "out.json out.json.tmp victim");
}

/* Names that cannot be written: a message naming them, nothing made. */
static void test_refused(void **state)
{
	(void)state;
	struct outfile o;
	mkdir(at("d"), 0755);
	assert_false(outfile_open(&o, at("d"), err, sizeof err));
	assert_non_null(strstr(err, "Is a directory"));
	assert_false(outfile_open(&o, at("nodir/x"), err, sizeof err));
	assert_non_null(strstr(err, "nodir/x: cannot create a file in"));
	assert_false(outfile_open(&o, "", err, sizeof err));
	assert_string_equal(err, "empty file name");
	assert_string_equal(listing(), "d");
}

/* A FIFO is written in place and stays a FIFO. */
static void test_fifo(void **state)
{
	(void)state;
	assert_int_equal(mkfifo(at("fifo"), 0644), 0);
	int rd = open(at("fifo"), O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	assert_true(write_text("fifo", "through\n"));
	char buf[16] = "";
	assert_int_equal(read(rd, buf, sizeof buf - 1), 8);
	assert_string_equal(buf, "through\n");
	close(rd);
	kind_is("fifo", S_IFIFO);
	assert_string_equal(listing(), "fifo");
}

/* A device is written in place, never replaced (the old scheme renamed
 * a regular file over /dev/null when run as root); a write error (a full
 * device) fails the commit with its reason.  Our own node of /dev/full
 * (1, 7), so that a bug cannot harm the real one; mknod needs root. */
static void test_device(void **state)
{
	(void)state;
	if (mknod(at("full"), S_IFCHR | 0666, makedev(1, 7)) != 0)
		skip();
	assert_false(write_text("full", "lost\n"));
	assert_non_null(strstr(err, "full: No space left on device"));
	kind_is("full", S_IFCHR);
	assert_string_equal(listing(), "full");
}

/* SIGTERM while writing: the temporary file goes, the old file stays,
 * and the process still dies of the signal. */
static void test_signal(void **state)
{
	(void)state;
	scratch_put(at("sig"), "before\n", strlen("before\n"));
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct outfile o;
		if (!outfile_open(&o, at("sig"), err, sizeof err))
			_exit(2);
		fputs("during\n", o.f);
		fflush(o.f);
		raise(SIGTERM);
		_exit(3);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGTERM);
	assert_string_equal(content(at("sig")), "before\n");
	assert_string_equal(listing(), "sig");
}

UNIT_MAIN(NULL, NULL,
	UNIT_ST(test_new_file), UNIT_ST(test_replace_keeps_mode), UNIT_ST(test_abort),
	UNIT_ST(test_symlinks), UNIT_ST(test_planted_tmp_link), UNIT_ST(test_refused),
	UNIT_ST(test_fifo), UNIT_ST(test_device), UNIT_ST(test_signal),
)
