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

static int nfiles;                     /* open in the whole system */

struct file *file_alloc(void)
{
	struct file *f = nfiles < NFILE ? kmalloc(sizeof *f) : NULL;
	if (f) {
		f->ref = 1;
		nfiles++;
	}
	return f;
}

/* A file whose opening failed before anyone saw it. */
void file_free(struct file *f)
{
	kmfree(f, sizeof *f);
	nfiles--;
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
	lock_release_ofd(f);
	if (f->type == F_HOSTFS)
		hostfs_call(HOSTFS_CLOSE, f->handle, 0, 0, 0, 0, 0);
	if (f->type == F_DEVICE)
		dev_close(f);
	if (f->type == F_PIPE)
		pipe_close(f);
	if (f->path)
		kmfree(f->path, strlen(f->path) + 1);
	file_free(f);
}

/* ---- descriptor tables ---------------------------------------------- */

/* The slot of descriptor fd, making its chunk if make; NULL if there is
 * none (or no memory for it). */
static struct file **slot(struct fdtable *t, int64_t fd, bool make)
{
	if (fd < 0 || fd >= NOFILE)
		return NULL;
	struct file ***c = &t->chunk[fd / FD_CHUNK];
	if (!*c && make)
		*c = kmalloc(FD_CHUNK * sizeof **c);
	return *c ? &(*c)[fd % FD_CHUNK] : NULL;
}

/* fork's copy of a descriptor table: the same open files, one more
 * reference each (Linux's dup_fd). */
struct fdtable *fdtable_copy(const struct fdtable *t)
{
	struct fdtable *c = share_copy(t, sizeof *t);
	if (!c)
		return NULL;
	memset(c->chunk, 0, sizeof c->chunk);
	for (int i = 0; i < NOFILE / FD_CHUNK; i++) {
		if (!t->chunk[i])
			continue;
		if (!(c->chunk[i] = kmalloc(FD_CHUNK * sizeof *c->chunk[i]))) {
			fdtable_put(c);
			return NULL;
		}
		for (int j = 0; j < FD_CHUNK; j++)
			if ((c->chunk[i][j] = t->chunk[i][j]))
				file_dup(c->chunk[i][j]);
	}
	return c;
}

void fdtable_put(struct fdtable *t)
{
	if (t->ref == 1)
		for (int i = 0; i < NOFILE / FD_CHUNK; i++) {
			if (!t->chunk[i])
				continue;
			for (int j = 0; j < FD_CHUNK; j++)
				if (t->chunk[i][j])
					file_close(t->chunk[i][j]);
			kmfree(t->chunk[i], FD_CHUNK * sizeof *t->chunk[i]);
		}
	share_put(t);
}

struct file *fd_get(struct proc *p, int64_t fd)
{
	struct file **s = slot(p->files, fd, false);
	return s ? *s : NULL;
}

bool fd_cloexec(struct proc *p, int fd)
{
	return p->files->cloexec[fd / 64] >> (fd % 64) & 1;
}

void fd_set_cloexec(struct proc *p, int fd, bool on)
{
	uint64_t bit = 1ul << (fd % 64);
	p->files->cloexec[fd / 64] = on ? p->files->cloexec[fd / 64] | bit
	                                : p->files->cloexec[fd / 64] & ~bit;
}

/* The lowest free descriptor >= min below the RLIMIT_NOFILE for f, or
 * -EMFILE (-ENOMEM if no chunk could be made). */
int fd_install(struct proc *p, struct file *f, int min, bool cloexec)
{
	uint64_t lim = p->rlim[RLIMIT_NOFILE][0];
	for (int fd = min; fd >= 0 && (uint64_t)fd < lim && fd < NOFILE; fd++) {
		struct file **s = slot(p->files, fd, true);
		if (!s)
			return -ENOMEM;
		if (!*s) {
			*s = f;
			fd_set_cloexec(p, fd, cloexec);
			return fd;
		}
	}
	return -EMFILE;
}

int fd_place(struct proc *p, int fd, struct file *f, bool cloexec)
{
	if (fd < 0 || (uint64_t)fd >= p->rlim[RLIMIT_NOFILE][0])
		return -EBADF;
	struct file **s = slot(p->files, fd, true);
	if (!s)
		return -ENOMEM;
	struct file *old = *s;
	*s = f;
	fd_set_cloexec(p, fd, cloexec);
	if (old) {
		lock_release_file(p, old);
		file_close(old);
	}
	return fd;
}

int fd_close(struct proc *p, int64_t fd)
{
	struct file **s = slot(p->files, fd, false);
	struct file *f = s ? *s : NULL;
	if (!f)
		return -EBADF;
	*s = NULL;
	lock_release_file(p, f);
	file_close(f);
	return 0;
}

void fd_close_on_exec(struct proc *p)
{
	for (int fd = 0; fd < NOFILE; fd++)
		if (fd_cloexec(p, fd) && fd_get(p, fd))
			fd_close(p, fd);
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
			int err = cons_write(f->stream, buf, k);
			if (err)
				return done ? (int64_t)done : err;
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
	int64_t k = fsize_check(p, f->off, n);
	if (k < 0)
		return k;
	int64_t r = hostfs_rw(p, f, ubuf, (uint64_t)k, f->off, true);
	if (r > 0)
		f->off += (uint64_t)r;
	return r;
}
