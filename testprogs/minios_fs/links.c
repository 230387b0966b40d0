/*
 * links.c - names (tests/minios_fs.sh, against qemu-alpha): hard and
 * symbolic links, readlink and readlinkat, renameat2's NOREPLACE and
 * EXCHANGE, renameat, O_NOFOLLOW, mkdirat and unlinkat relative to a directory
 * descriptor.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void result(const char *what, int r)
{
	printf("%s: %s\n", what, r < 0 ? strerror(errno) : "ok");
}

static void about(const char *name)
{
	struct stat st;
	char buf[64] = "";
	if (lstat(name, &st)) {
		printf("  %s: %s\n", name, strerror(errno));
		return;
	}
	int fd = open(name, O_RDONLY);
	if (fd >= 0) {
		ssize_t n = read(fd, buf, sizeof buf - 1);
		buf[n > 0 ? n : 0] = 0;
		close(fd);
	}
	printf("  %s: %s, %lu links, \"%s\"\n", name, S_ISLNK(st.st_mode) ? "symlink" :
	       S_ISDIR(st.st_mode) ? "directory" : "file", (unsigned long)st.st_nlink,
	       strtok(buf, "\n") ? buf : "");
}

static void put(const char *name, const char *text)
{
	int fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	write(fd, text, strlen(text));
	close(fd);
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	put("a", "alpha\n");
	put("b", "beta\n");
	mkdir("d", 0755);
	result("link a d/a2", link("a", "d/a2"));
	about("a");
	about("d/a2");
	result("link a to an existing name", link("a", "b"));
	result("symlink a sa", symlink("a", "sa"));
	result("symlink ../b d/sb", symlink("../b", "d/sb"));
	about("sa");
	about("d/sb");
	char buf[64];
	ssize_t n = readlink("sa", buf, sizeof buf);
	printf("readlink sa: %.*s\n", (int)(n > 0 ? n : 0), buf);
	int dfd = open("d", O_RDONLY | O_DIRECTORY);
	n = readlinkat(dfd, "sb", buf, 2);
	printf("readlinkat d sb, 2 bytes: %zd %.*s\n", n, (int)(n > 0 ? n : 0), buf);
	result("readlink of a file", (int)readlink("a", buf, sizeof buf));
	result("linkat sa d/a3 following the link", linkat(AT_FDCWD, "sa", dfd, "a3",
	                                                  AT_SYMLINK_FOLLOW));
	about("d/a3");
	result("linkat sa d/sa2 (the link itself)", linkat(AT_FDCWD, "sa", dfd, "sa2", 0));
	about("d/sa2");
	result("open sa O_NOFOLLOW", open("sa", O_RDONLY | O_NOFOLLOW));
	result("renameat2 a b NOREPLACE", renameat2(AT_FDCWD, "a", AT_FDCWD, "b",
	                                           RENAME_NOREPLACE));
	result("renameat2 a b EXCHANGE", renameat2(AT_FDCWD, "a", AT_FDCWD, "b",
	                                          RENAME_EXCHANGE));
	about("a");
	about("b");
	result("renameat2 a c NOREPLACE", renameat2(AT_FDCWD, "a", dfd, "c", RENAME_NOREPLACE));
	about("d/c");
	result("rename b over d/c", rename("b", "d/c"));
	about("d/c");
	result("renameat d/c a", renameat(dfd, "c", AT_FDCWD, "a"));
	about("a");
	result("mkdirat d/e", mkdirat(dfd, "e", 0700));
	result("unlinkat d/e as a file", unlinkat(dfd, "e", 0));
	result("unlinkat d/e", unlinkat(dfd, "e", AT_REMOVEDIR));
	result("unlinkat d/sb", unlinkat(dfd, "sb", 0));
	about("d/sb");
	result("symlink with an empty target", symlink("", "empty"));
	return 0;
}
