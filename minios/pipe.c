/*
 * pipe.c - pipes (pipe, pipe2): a page-sized ring buffer between a read
 * end and a write end, each an open file of type F_PIPE.  Reads wait
 * for data or for every writer to close (end of file); writes wait for
 * room, and fail with EPIPE and SIGPIPE once every reader has closed,
 * as pipe(7) says.  The big kernel lock guards the ring; readers and
 * writers sleep on its two counters (xv6's pipe.c), ppoll on
 * poll_sleepers (sysfile.c): every change of a pipe's readiness wakes
 * both.
 */
#include "minios/defs.h"
#include <asm/fcntl.h>
#include <asm/poll.h>
#include <asm/signal.h>

struct pipe {
	uint64_t nread, nwrite;        /* bytes read and written, ever    */
	int readers, writers;          /* open ends                       */
	char buf[PGSIZE - 24];
};
#define PIPESIZE sizeof(((struct pipe *)0)->buf)
_Static_assert(sizeof(struct pipe) == PGSIZE, "a pipe is a page");

static bool reader(const struct file *f) { return (f->flags & O_ACCMODE) == O_RDONLY; }

/* Wake those sleeping on chan, and every ppoll. */
static void wake(void *chan)
{
	wakeup(chan);
	if (poll_sleepers)
		wakeup(&poll_sleepers);
}

/* What poll sees on one end (Linux's pipe_poll, fs/pipe.c): the read
 * end is readable with data and hung up with no writer; the write end
 * is writable with room and in error with no reader. */
unsigned pipe_poll(const struct file *f)
{
	const struct pipe *pi = f->priv;
	if (reader(f))
		return (pi->nread != pi->nwrite ? POLLIN | POLLRDNORM : 0) |
		       (pi->writers ? 0 : POLLHUP);
	return (pi->nwrite - pi->nread < PIPESIZE ? POLLOUT | POLLWRNORM : 0) |
	       (pi->readers ? 0 : POLLERR);
}

int64_t pipe_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	struct pipe *pi = f->priv;
	while (pi->nread == pi->nwrite && pi->writers) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		if (signal_pending(p))
			return -ERESTARTSYS;
		sleep(&pi->nread, NULL);
	}
	uint64_t done = 0;
	while (done < n && pi->nread < pi->nwrite) {
		uint64_t at = pi->nread % PIPESIZE, k = PIPESIZE - at;
		if (k > pi->nwrite - pi->nread)
			k = pi->nwrite - pi->nread;
		if (k > n - done)
			k = n - done;
		if (copyout(p, ubuf + done, pi->buf + at, k))
			return done ? (int64_t)done : -EFAULT;
		pi->nread += k;
		done += k;
	}
	wake(&pi->nwrite);
	return (int64_t)done;
}

int64_t pipe_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	struct pipe *pi = f->priv;
	uint64_t done = 0;
	while (done < n) {
		if (!pi->readers) {
			signal_send(p, SIGPIPE, NULL);
			return done ? (int64_t)done : -EPIPE;
		}
		if (pi->nwrite - pi->nread == PIPESIZE) {
			wake(&pi->nread);
			if (f->flags & O_NONBLOCK)
				return done ? (int64_t)done : -EAGAIN;
			if (signal_pending(p))
				return done ? (int64_t)done : -ERESTARTSYS;
			sleep(&pi->nwrite, NULL);
			continue;
		}
		uint64_t at = pi->nwrite % PIPESIZE, k = PIPESIZE - at;
		if (k > PIPESIZE - (pi->nwrite - pi->nread))
			k = PIPESIZE - (pi->nwrite - pi->nread);
		if (k > n - done)
			k = n - done;
		if (copyin(p, pi->buf + at, ubuf + done, k))
			return done ? (int64_t)done : -EFAULT;
		pi->nwrite += k;
		done += k;
	}
	wake(&pi->nread);
	return (int64_t)done;
}

/* The last reference to one end is gone. */
void pipe_close(struct file *f)
{
	struct pipe *pi = f->priv;
	if (reader(f))
		pi->readers--;
	else
		pi->writers--;
	wakeup(&pi->nread);
	wake(&pi->nwrite);
	if (!pi->readers && !pi->writers)
		kfree(V2P(pi));
}

static int64_t make_pipe(struct proc *p, uint64_t flags, int fds[2])
{
	if (flags & ~(uint64_t)(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	uint64_t pa = kalloc_dirty();
	if (!pa)
		return -ENFILE;
	struct pipe *pi = P2V(pa);
	pi->nread = pi->nwrite = 0;
	pi->readers = pi->writers = 1;
	struct file *f[2] = { file_alloc(), file_alloc() };
	for (int i = 0; i < 2; i++)
		if (f[i]) {
			f[i]->type = F_PIPE;
			f[i]->priv = pi;
			f[i]->flags = (i ? O_WRONLY : O_RDONLY) | (flags & O_NONBLOCK);
		}
	bool both = f[0] && f[1], cloexec = flags & O_CLOEXEC;
	fds[0] = fds[1] = -ENFILE;
	if (both && (fds[0] = fd_install(p, f[0], 0, cloexec)) >= 0)
		fds[1] = fd_install(p, f[1], 0, cloexec);
	if (fds[1] < 0) {
		int err = fds[0] < 0 ? fds[0] : fds[1];
		if (fds[0] >= 0)
			fd_close(p, fds[0]);
		else if (f[0])
			file_close(f[0]);
		if (f[1])
			file_close(f[1]);
		if (!both)
			kfree(pa);               /* no end holds it */
		return err;
	}
	return 0;
}

/* pipe(): Linux/Alpha returns the two descriptors in v0 and a4. */
int64_t sys_pipe(struct trapframe *tf)
{
	int fds[2];
	int64_t err = make_pipe(proc_current(), 0, fds);
	if (err)
		return err;
	tf->r[20] = (uint64_t)fds[1];
	return fds[0];
}

/* pipe2(fds, flags) */
int64_t sys_pipe2(struct trapframe *tf)
{
	struct proc *p = proc_current();
	int fds[2];
	int64_t err = make_pipe(p, ARG(tf, 1), fds);
	if (err)
		return err;
	if (copyout(p, ARG(tf, 0), fds, sizeof fds)) {
		fd_close(p, fds[0]);
		fd_close(p, fds[1]);
		return -EFAULT;
	}
	return 0;
}
