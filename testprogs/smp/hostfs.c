/*
 * hostfs.c - guest file operations through the hostfs device
 * (docs/platform.md "hostfs"), run by tests/smp_hostfs.sh with --root
 * ROOT and --sysroot SYS over trees it prepared:
 *   ROOT/hello.txt   "hello from the host\n"
 *   ROOT/abs         symbolic link to an absolute path outside ROOT
 *   ROOT/rel         symbolic link to ../outside (out of the tree)
 *   SYS/marker       "sysroot\n" (the mount is read-only)
 * It reads, stats and lists them; creates new.txt, writes, truncates and
 * renames it into a new directory; creates and unlinks gone.txt; and
 * tries to leave the tree through "..", both links and an absolute path,
 * which must all fail with EACCES.  The script checks the host tree.
 * The request layout and operation numbers are the protocol's own,
 * abi/hostfs.h.
 */
#include "smp.h"
#include "abi/hostfs.h"

/* Linux/Alpha errno values the device returns negated */
enum { E_NOENT = 2, E_ACCES = 13, E_EXIST = 17, E_INVAL = 22, E_ROFS = 30 };
enum { ROOT = 0, SYS = 1 };

static struct hostfs_req req __attribute__((aligned(64)));
static uint8_t buf[4096] __attribute__((aligned(8)));
static struct hostfs_stat st;
static uint64_t calls;

static uint64_t len(const char *s)
{
	uint64_t n = 0;
	while (s[n])
		n++;
	return n;
}

static int64_t call(uint64_t op, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
                    uint64_t a4)
{
	req.op = op;
	req.arg[0] = a0;
	req.arg[1] = a1;
	req.arg[2] = a2;
	req.arg[3] = a3;
	req.arg[4] = a4;
	req.arg[5] = 0;
	req.result = 12345;
	calls++;
	/* the block must be in memory before the device reads it, and the
	 * result read after it wrote it */
	__asm__ volatile("mb" ::: "memory");
	*HOSTFS(HOSTFS_REG_REQ) = pa_of(&req);
	__asm__ volatile("mb" ::: "memory");
	return req.result;
}

#define P(s) pa_of(s), len(s)

static int64_t h_open(unsigned mnt, const char *path, uint64_t flags)
{
	return call(HOSTFS_OPEN, mnt, P(path), flags, 0644);
}

static int mem_eq(const void *a, const char *b)
{
	const uint8_t *p = a;
	for (uint64_t i = 0; b[i]; i++)
		if (p[i] != (uint8_t)b[i])
			return 0;
	return 1;
}

/* Is name among the READDIR records in buf[0..n)? */
static int listed(uint64_t n, const char *name)
{
	for (uint64_t off = 0; off < n;) {
		const struct hostfs_dirent *d = (const void *)(buf + off);
		if (d->namelen == len(name) && mem_eq(buf + off + sizeof *d, name))
			return 1;
		off += d->reclen;
	}
	return 0;
}

int main(void)
{
	static const char hello[] = "hello from the host\n", text[] = "written by the guest\n";
	check("mounts", *HOSTFS(HOSTFS_REG_MOUNTS), 3);

	/* read, fstat, stat */
	int64_t h = h_open(ROOT, "hello.txt", HOSTFS_O_READ);
	check("open hello.txt", h >= 0, 1);
	int64_t n = call(HOSTFS_PREAD, h, pa_of(buf), sizeof buf, 0, 0);
	check("read hello.txt", n, len(hello));
	check("its contents", mem_eq(buf, hello), 1);
	check("pread at offset 6", call(HOSTFS_PREAD, h, pa_of(buf), 4, 6, 0), 4);
	check("its contents", mem_eq(buf, "from"), 1);
	check("fstat", call(HOSTFS_FSTAT, h, pa_of(&st), 0, 0, 0), 0);
	check("fstat size", st.size, len(hello));
	check("write to a read-only handle", call(HOSTFS_PWRITE, h, pa_of(buf), 1, 0, 0), -9);
	check("close", call(HOSTFS_CLOSE, h, 0, 0, 0, 0), 0);
	check("stat an absolute path (from the root)",
	      call(HOSTFS_STAT, ROOT, P("/hello.txt"), pa_of(&st), 1), 0);
	check("stat size", st.size, len(hello));
	check("stat a missing file", call(HOSTFS_STAT, ROOT, P("nope"), pa_of(&st), 1), -E_NOENT);

	/* create, write, truncate, rename into a new directory */
	h = h_open(ROOT, "new.txt", HOSTFS_O_WRITE | HOSTFS_O_CREAT | HOSTFS_O_TRUNC);
	check("create new.txt", h >= 0, 1);
	check("write it", call(HOSTFS_PWRITE, h, pa_of(text), len(text), 0, 0), len(text));
	check("ftruncate to 7", call(HOSTFS_FTRUNCATE, h, 7, 0, 0, 0), 0);
	check("close it", call(HOSTFS_CLOSE, h, 0, 0, 0, 0), 0);
	check("exclusive create of an existing file",
	      h_open(ROOT, "new.txt", HOSTFS_O_WRITE | HOSTFS_O_CREAT | HOSTFS_O_EXCL), -E_EXIST);
	check("mkdir dir", call(HOSTFS_MKDIR, ROOT, P("dir"), 0755, 0), 0);
	check("mkdir it again", call(HOSTFS_MKDIR, ROOT, P("dir"), 0755, 0), -E_EXIST);
	check("rename new.txt to dir/renamed.txt",
	      call(HOSTFS_RENAME, ROOT, P("new.txt"), P("dir/renamed.txt")), 0);
	check("stat the renamed file", call(HOSTFS_STAT, ROOT, P("dir/renamed.txt"), pa_of(&st), 1), 0);
	check("its size", st.size, 7);

	/* unlink */
	h = h_open(ROOT, "gone.txt", HOSTFS_O_WRITE | HOSTFS_O_CREAT);
	check("create gone.txt", h >= 0, 1);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	check("unlink gone.txt", call(HOSTFS_UNLINK, ROOT, P("gone.txt"), 0, 0), 0);
	check("it is gone", call(HOSTFS_STAT, ROOT, P("gone.txt"), pa_of(&st), 1), -E_NOENT);

	/* readdir */
	h = h_open(ROOT, "/", HOSTFS_O_READ | HOSTFS_O_DIRECTORY);
	check("open the root directory", h >= 0, 1);
	n = call(HOSTFS_READDIR, h, pa_of(buf), sizeof buf, 0, 0);
	check("readdir", n > 0, 1);
	check("lists hello.txt", listed((uint64_t)n, "hello.txt"), 1);
	check("lists dir", listed((uint64_t)n, "dir"), 1);
	check("does not list gone.txt", listed((uint64_t)n, "gone.txt"), 0);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);

	/* no way out */
	static const char *const out[] = { "../escaped", "abs/escaped", "rel/escaped",
	                                   "dir/../../escaped" };
	for (unsigned i = 0; i < sizeof out / sizeof out[0]; i++) {
		check(out[i], h_open(ROOT, out[i], HOSTFS_O_WRITE | HOSTFS_O_CREAT), -E_ACCES);
		check("mkdir out", call(HOSTFS_MKDIR, ROOT, P(out[i]), 0755, 0), -E_ACCES);
	}
	check("stat through the absolute link", call(HOSTFS_STAT, ROOT, P("abs"), pa_of(&st), 1),
	      -E_ACCES);
	check("rename out of the tree",
	      call(HOSTFS_RENAME, ROOT, P("hello.txt"), P("../stolen")), -E_ACCES);
	check("readlink reads the link itself",
	      call(HOSTFS_READLINK, ROOT, P("rel"), pa_of(buf), sizeof buf), len("../outside"));
	check("an absolute path stays inside",
	      call(HOSTFS_STAT, ROOT, P("/../../../etc/passwd"), pa_of(&st), 1) < 0, 1);

	/* the sysroot: readable, not writable */
	h = h_open(SYS, "/marker", HOSTFS_O_READ);
	check("open the sysroot's marker", h >= 0, 1);
	check("read it", call(HOSTFS_PREAD, h, pa_of(buf), sizeof buf, 0, 0), 8);
	check("its contents", mem_eq(buf, "sysroot\n"), 1);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	check("write in the sysroot", h_open(SYS, "new", HOSTFS_O_WRITE | HOSTFS_O_CREAT), -E_ROFS);
	check("an unmounted tree", h_open(2, "x", HOSTFS_O_READ), -E_INVAL);
	check("requests served", *HOSTFS(HOSTFS_REG_OPS), calls);
	return check_end("hostfs");
}
