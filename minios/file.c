/*
 * file.c - open files and file descriptors.  A file is the console (the
 * three standard streams, docs/platform.md), a hostfs handle with its
 * own offset, or a pipe end (pipe.c); descriptors index the process's
 * table (as xv6's file.c), which its threads share.
 * Reads and writes of hostfs files go straight between the device and
 * the user's pages (physical addresses), a page at a time.
 */
#include "minios/defs.h"
#include <asm/fcntl.h>

#define NFILE 128
static struct file files[NFILE];

struct file *file_alloc(void)
{
	for (int i = 0; i < NFILE; i++)
		if (!files[i].ref) {
			files[i] = (struct file){ .ref = 1 };
			return &files[i];
		}
	return NULL;
}

struct file *file_dup(struct file *f)
{
	f->ref++;
	return f;
}

void file_close(struct file *f)
{
	if (--f->ref > 0)
		return;
	if (f->type == F_HOSTFS)
		hostfs_call(HOSTFS_CLOSE, f->handle, 0, 0, 0, 0, 0);
	if (f->type == F_DEVICE)
		dev_close(f);
	if (f->type == F_PIPE)
		pipe_close(f);
}

/* fork's copy of a descriptor table: the same open files, one more
 * reference each (Linux's dup_fd). */
struct fdtable *fdtable_copy(const struct fdtable *t)
{
	struct fdtable *c = share_copy(t, sizeof *t);
	if (c)
		for (int fd = 0; fd < NOFILE; fd++)
			if (c->fd[fd])
				file_dup(c->fd[fd]);
	return c;
}

void fdtable_put(struct fdtable *t)
{
	if (t->ref == 1)
		for (int fd = 0; fd < NOFILE; fd++)
			if (t->fd[fd])
				file_close(t->fd[fd]);
	share_put(t);
}

struct file *fd_get(struct proc *p, int64_t fd)
{
	return fd >= 0 && fd < NOFILE ? p->files->fd[fd] : NULL;
}

/* The lowest free descriptor >= min for f, or -EMFILE. */
int fd_install(struct proc *p, struct file *f, int min, bool cloexec)
{
	for (int fd = min; fd < NOFILE; fd++)
		if (!p->files->fd[fd]) {
			p->files->fd[fd] = f;
			p->files->cloexec[fd] = cloexec;
			return fd;
		}
	return -EMFILE;
}

/* Move up to n bytes between f at off and user memory, a page at a
 * time; returns the bytes moved or the first error. */
static int64_t hostfs_rw(struct proc *p, struct file *f, uint64_t ubuf,
                         uint64_t n, uint64_t off, bool write)
{
	uint64_t done = 0;
	while (done < n) {
		uint64_t k = PGSIZE - ((ubuf + done) & PGMASK);
		if (k > n - done)
			k = n - done;
		void *page = uvm_page(p, ubuf + done, write ? PROT_R : PROT_W);
		if (!page)
			return done ? (int64_t)done : -EFAULT;
		int64_t r = hostfs_call(write ? HOSTFS_PWRITE : HOSTFS_PREAD, f->handle,
		                        V2P(page), k, off + done, 0, 0);
		if (r < 0)
			return done ? (int64_t)done : r;
		done += (uint64_t)r;
		if ((uint64_t)r < k)
			break;
	}
	return (int64_t)done;
}

int64_t file_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	if ((f->flags & O_ACCMODE) == O_WRONLY || f->dir)
		return f->dir ? -EISDIR : -EBADF;
	if (f->type == F_PIPE)
		return pipe_read(p, f, ubuf, n);
	if (f->type == F_CONSOLE) {
		char buf[512];
		int64_t r = cons_read(buf, n < sizeof buf ? n : sizeof buf);
		return r > 0 && copyout(p, ubuf, buf, (size_t)r) ? -EFAULT : r;
	}
	if (f->type == F_DEVICE)
		return dev_read(p, f, ubuf, n);
	int64_t r = hostfs_rw(p, f, ubuf, n, f->off, false);
	if (r > 0)
		f->off += (uint64_t)r;
	return r;
}

int64_t file_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	if ((f->flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	if (f->type == F_PIPE)
		return pipe_write(p, f, ubuf, n);
	if (f->type == F_CONSOLE) {
		for (uint64_t done = 0; done < n; ) {
			char buf[512];
			uint64_t k = n - done < sizeof buf ? n - done : sizeof buf;
			if (copyin(p, buf, ubuf + done, k))
				return done ? (int64_t)done : -EFAULT;
			cons_write(f->stream, buf, k);
			done += k;
		}
		return (int64_t)n;
	}
	if (f->type == F_DEVICE)
		return dev_write(p, f, ubuf, n);
	if (f->flags & O_APPEND) {
		struct hostfs_stat st;
		int64_t r = hostfs_call(HOSTFS_FSTAT, f->handle, V2P(&st), 0, 0, 0, 0);
		if (r < 0)
			return r;
		f->off = st.size;
	}
	int64_t r = hostfs_rw(p, f, ubuf, n, f->off, true);
	if (r > 0)
		f->off += (uint64_t)r;
	return r;
}
