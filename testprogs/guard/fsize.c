/*
 * fsize.c - what a guest may write (tests/guard_write.sh).
 *
 * "rlimit": RLIMIT_FSIZE as Linux has it (mm/filemap.c,
 * generic_write_check_limits; fs/attr.c, inode_newsize_ok): a write
 * stops at the limit, one that starts there fails with EFBIG after
 * SIGXFSZ, a truncate past it too, shrinking is free; with SIGXFSZ's
 * default action the process dies of it.  Checked here against the
 * numbers Linux gives, so that qemu-alpha (the host's kernel) passes too.
 * "fill": writes 1 MB blocks until a write fails, then tries a sparse
 * file of 1 TB by pwrite and by ftruncate; prints what it managed, for
 * alphasim's --write-limit.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile sig_atomic_t xfsz;
static int fails;

static void on_xfsz(int sig) { (void)sig; xfsz++; }

static void check(const char *what, long got, long want, int err)
{
	if (got == want && (want >= 0 || errno == err)) {
		printf("ok: %s\n", what);
		return;
	}
	printf("FAIL: %s: got %ld (%s), want %ld\n", what, got, got < 0 ? strerror(errno) : "-",
	       want);
	fails++;
}

/* The older getrlimit and setrlimit system calls themselves: their
 * infinity is 2^63 - 1 on Alpha (arch/alpha/include/uapi/asm/resource.h),
 * and a system call leaves its argument registers as it found them
 * (the C library keeps values there across one). */
static void raw_calls(void)
{
	unsigned long lim[2] = { 7, 7 };
	register long a0 __asm__("$16") = RLIMIT_FSIZE;
	register unsigned long *a1 __asm__("$17") = lim;
	register long v0 __asm__("$0") = SYS_getrlimit;
	register long a3 __asm__("$19");
	__asm__ volatile("callsys" : "+r"(v0), "=r"(a3), "+r"(a0), "+r"(a1)
	                 : : "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$18", "$20",
	                     "$21", "$22", "$23", "$24", "$25", "$27", "$28", "memory");
	long rc = a3 ? -1 : v0, kept0 = a0;   /* before a call reuses $16, $17 */
	unsigned long *kept1 = a1;
	check("getrlimit: returns 0", rc, 0, 0);
	check("getrlimit: a0 kept", kept0, RLIMIT_FSIZE, 0);
	check("getrlimit: a1 kept", kept1 == lim, 1, 0);
	check("getrlimit: infinity is 2^63 - 1", lim[0] == ~0ul >> 1 && lim[1] == ~0ul >> 1, 1, 0);
	unsigned long core[2] = { ~0ul >> 1, ~0ul >> 1 };
	check("setrlimit: 2^63 - 1 is infinity", syscall(SYS_setrlimit, RLIMIT_CORE, core), 0, 0);
	struct rlimit back;
	check("prlimit64 reads it back as 2^64 - 1",
	      getrlimit(RLIMIT_CORE, &back) ? -1 : back.rlim_max == RLIM_INFINITY, 1, 0);
}

static int rlimit(void)
{
	char buf[600];
	memset(buf, 'x', sizeof buf);
	raw_calls();
	struct rlimit rl = { 1000, RLIM_INFINITY };
	check("setrlimit", setrlimit(RLIMIT_FSIZE, &rl), 0, 0);
	struct rlimit back;
	check("getrlimit", getrlimit(RLIMIT_FSIZE, &back) ? -1 : (long)back.rlim_cur, 1000, 0);
	signal(SIGXFSZ, on_xfsz);
	int fd = open("limited", O_RDWR | O_CREAT | O_TRUNC, 0644);
	check("write 600", write(fd, buf, 600), 600, 0);
	check("write 600 more: stops at 1000", write(fd, buf, 600), 400, 0);
	check("no SIGXFSZ yet", xfsz, 0, 0);
	check("write at 1000: EFBIG", write(fd, buf, 1), -1, EFBIG);
	check("SIGXFSZ", xfsz, 1, 0);
	check("pwrite at 999", pwrite(fd, buf, 10, 999), 1, 0);
	check("ftruncate to 2000: EFBIG", ftruncate(fd, 2000), -1, EFBIG);
	check("truncate to 5000: EFBIG", truncate("limited", 5000), -1, EFBIG);
	check("SIGXFSZ twice more", xfsz, 3, 0);
	check("ftruncate to 500", ftruncate(fd, 500), 0, 0);
	check("ftruncate to 1000", ftruncate(fd, 1000), 0, 0);
	check("size", lseek(fd, 0, SEEK_END), 1000, 0);
	signal(SIGXFSZ, SIG_DFL);
	fflush(stdout);
	if (fails)
		return 1;
	write(fd, buf, 1);           /* dies of SIGXFSZ */
	puts("FAIL: alive after a write past the limit");
	return 1;
}

static int fill(void)
{
	static char block[1 << 20];
	memset(block, 'y', sizeof block);
	int fd = open("big", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	long long total = 0;
	ssize_t n;
	while ((n = write(fd, block, sizeof block)) > 0)
		total += n;
	printf("wrote %lld bytes, then %s\n", total, n < 0 ? strerror(errno) : "0");
	int sp = open("sparse", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	printf("pwrite at 1 TB: %s\n", pwrite(sp, "z", 1, 1ll << 40) < 0 ? strerror(errno) : "done");
	printf("ftruncate to 1 TB: %s\n", ftruncate(sp, 1ll << 40) ? strerror(errno) : "done");
	/* shrinking gives the bytes back */
	printf("after ftruncate to 0: %s\n",
	       ftruncate(fd, 0) || lseek(fd, 0, SEEK_SET) ||
	       write(fd, block, sizeof block) != sizeof block ?
	       strerror(errno) : "a block fits again");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "rlimit"))
		return rlimit();
	if (argc == 2 && !strcmp(argv[1], "fill"))
		return fill();
	fprintf(stderr, "usage: fsize rlimit|fill\n");
	return 2;
}
