/* dirs.c - directories in the working directory: mkdir (and EEXIST),
 * a small tree, chdir and getcwd (printed relative to the start),
 * opendir/readdir with the names sorted, stat of each entry, rmdir of a
 * non-empty directory (ENOTEMPTY), and removing it all again. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "corpus.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Prints the entries of DIR, sorted, with their kinds and sizes. */
static int list(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		printf("opendir %s: %s\n", dir, strerror(errno));
		return -1;
	}
	char *names[64];
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) && n < 64; )
		names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, (size_t)n, sizeof names[0], by_name);
	printf("%s:", dir);
	for (int i = 0; i < n; i++) {
		char path[256];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		stat(path, &st);
		if (S_ISDIR(st.st_mode))
			printf(" %s/", names[i]);
		else
			printf(" %s(%ld)", names[i], (long)st.st_size);
		free(names[i]);
	}
	printf("\n");
	return n;
}

/* PATH below START, without the separating slash (START may be "/":
 * the guest's working directory is its root when no mount covers it). */
static const char *relative(const char *path, const char *start)
{
	size_t n = strlen(start);
	if (strncmp(path, start, n))
		return "(not below the start)";
	return path[n] == '/' ? path + n + 1 : path + n;
}

static void touch(const char *path, int bytes)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < bytes; i++)
		write(fd, "z", 1);
	close(fd);
}

int main(void)
{
	char start[512], cwd[512];
	getcwd(start, sizeof start);
	printf("mkdir top %d\n", mkdir("top", 0755));
	int r = mkdir("top", 0755);
	printf("mkdir top again %d %s\n", r, strerror(errno));
	mkdir("top/b", 0755);
	mkdir("top/a", 0755);
	mkdir("top/a/deep", 0755);
	static const char *files[] = { "top/zeta", "top/alpha", "top/a/one", "top/a/deep/x", "top/b/two" };
	for (int i = 0; i < 5; i++)
		touch(files[i], i * 3 + 1);
	int n = list("top");
	printf("entries (with . and ..): %d\n", n);
	CHECK(n == 6);
	list("top/a");
	printf("chdir top/a: %d\n", chdir("top/a"));
	getcwd(cwd, sizeof cwd);
	printf("cwd relative to start: '%s'\n", relative(cwd, start));
	list(".");
	list("..");
	printf("chdir ../..: %d\n", chdir("../.."));
	getcwd(cwd, sizeof cwd);
	printf("back at start: %d\n", strcmp(cwd, start) == 0);
	r = rmdir("top/a");
	printf("rmdir non-empty: %d %s\n", r, strerror(errno));
	r = rmdir("top/zeta");
	printf("rmdir a file: %d %s\n", r, strerror(errno));
	DIR *d = opendir("nope");
	printf("opendir missing: %d %s\n", d != NULL, strerror(errno));
	for (int i = 4; i >= 0; i--)
		unlink(files[i]);
	static const char *dirs[] = { "top/a/deep", "top/a", "top/b", "top" };
	for (int i = 0; i < 4; i++)
		printf("rmdir %s: %d\n", dirs[i], rmdir(dirs[i]));
	/* not a listing of ".": the starting directory may hold other
	 * things (a profile database under alphasim --profile) */
	printf("top gone: %d\n", access("top", F_OK) != 0);
	return corpus_done("dirs");
}
