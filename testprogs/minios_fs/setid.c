/*
 * setid.c - what a guest creates in the host's tree (tests/minios_fs.sh):
 * the umask applies to every creation, set-user-ID and set-group-ID
 * bits never reach the host's tree (alphasim strips them, even run by
 * root: docs/minios.md "Files"), the sticky bit does, and mknod makes
 * regular files only; chmod and fchmod drop set-id bits too.  Prints
 * each file's mode.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static void show(const char *name)
{
	struct stat st;
	if (stat(name, &st))
		printf("%s: stat: %s\n", name, strerror(errno));
	else
		printf("%s: %06o\n", name, (unsigned)st.st_mode);
}

static void result(const char *what, int r)
{
	printf("%s: %s\n", what, r < 0 ? strerror(errno) : "ok");
}

int main(void)
{
	printf("umask was %03o\n", (unsigned)umask(022));
	int fd = open("x", O_CREAT | O_WRONLY, 06777);
	result("open x 06777", fd);
	close(fd);
	show("x");
	printf("umask was %03o\n", (unsigned)umask(0));
	close(open("y", O_CREAT | O_WRONLY, 06777));
	show("y");
	result("mkdir d 07777", mkdir("d", 07777));
	show("d");
	umask(027);
	result("mkdir e 0777", mkdir("e", 0777));
	show("e");
	result("mknod r regular 0666", mknod("r", S_IFREG | 0666, 0));
	show("r");
	result("mknod c char 1,3", mknod("c", S_IFCHR | 0666, makedev(1, 3)));
	result("mknod b block 7,0", mknod("b", S_IFBLK | 0666, makedev(7, 0)));
	result("mkfifo p", mkfifo("p", 0666));
	result("mknod s socket", mknod("s", S_IFSOCK | 0666, 0));
	show("c");
	result("chmod x 06755", chmod("x", 06755));
	show("x");
	fd = open("x", O_RDONLY);
	result("fchmod x 04711", fchmod(fd, 04711));
	close(fd);
	show("x");
	result("chmod d 03777", chmod("d", 03777));
	show("d");
	return 0;
}
