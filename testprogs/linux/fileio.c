/* fileio.c - files in the working directory: create, write, read,
 * seek, stat, rename, unlink, directories. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	char buf[64];
	int fd = open("data.tmp", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	printf("open %s\n", fd >= 0 ? "ok" : strerror(errno));
	for (int i = 0; i < 1000; i++) {
		int n = snprintf(buf, sizeof buf, "line %d\n", i);
		if (write(fd, buf, (size_t)n) != n)
			printf("short write\n");
	}
	close(fd);

	struct stat st;
	stat("data.tmp", &st);
	printf("size %ld regular %d\n", (long)st.st_size, S_ISREG(st.st_mode));

	fd = open("data.tmp", O_RDONLY);
	lseek(fd, 7 * 10 + 8 * 90, SEEK_SET);      /* at "line 100\n" */
	ssize_t n = read(fd, buf, 9);
	buf[n > 0 ? n : 0] = 0;
	printf("read %zd '%.8s'\n", n, buf);
	printf("seek end %ld\n", (long)lseek(fd, 0, SEEK_END));
	printf("read at end %zd\n", read(fd, buf, 10));
	close(fd);

	FILE *f = fopen("data.tmp", "a");
	fputs("appended\n", f);
	fclose(f);
	f = fopen("data.tmp", "r");
	unsigned long lines = 0;
	while (fgets(buf, sizeof buf, f))
		lines++;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	printf("lines %lu last '%s'\n", lines, buf);

	printf("rename %d\n", rename("data.tmp", "data2.tmp"));
	printf("old gone %d\n", access("data.tmp", F_OK) < 0 && errno == ENOENT);
	printf("mkdir %d\n", mkdir("sub.tmp", 0755));
	DIR *d = opendir(".");
	int seen = 0;
	for (struct dirent *e; d && (e = readdir(d)); )
		seen += !strcmp(e->d_name, "data2.tmp") || !strcmp(e->d_name, "sub.tmp");
	closedir(d);
	printf("readdir found %d\n", seen);
	printf("rmdir %d unlink %d\n", rmdir("sub.tmp"), unlink("data2.tmp"));
	printf("missing: %s\n", fopen("no-such-file", "r") ? "opened?" : strerror(errno));
	return 0;
}
