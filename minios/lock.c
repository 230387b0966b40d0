/*
 * lock.c - advisory file locks (docs/minios.md, "Locks"), as Linux's
 * fs/locks.c keeps them:
 *
 *   POSIX record locks (fcntl F_GETLK, F_SETLK, F_SETLKW): owned by the
 *     process; released when it closes any descriptor of the file, and
 *     when it exits; F_SETLKW waits, and EDEADLK when the wait would
 *     close a cycle of processes waiting for each other;
 *   OFD locks (F_OFD_GETLK, F_OFD_SETLK, F_OFD_SETLKW): the same ranges,
 *     owned by the open file, released with its last reference;
 *   flock: whole-file locks owned by the open file, apart from the
 *     other two.
 *
 * A file is named by its host device and inode (hostfs FSTAT), so every
 * open of it, in any process, sees the same locks; a pipe or the
 * console by its kernel object.  One list under the big kernel lock.
 */
#include "minios/defs.h"
#include <asm/fcntl.h>

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define OFFSET_MAX (~0ul >> 1)

enum lkind { LK_POSIX, LK_OFD, LK_FLOCK };

struct lock {
	struct lock *next;
	uint64_t dev, ino;             /* the file                        */
	enum lkind kind;
	uint64_t owner;                /* POSIX: the tgid; else the file  */
	int pid;                       /* for F_GETLK: the owner's, or -1 */
	short type;                    /* F_RDLCK or F_WRLCK              */
	uint64_t start, end;           /* bytes start..end, inclusive     */
};

static struct lock *locks;
static int lock_waiters;               /* the channel F_SETLKW sleeps on */

struct fileid { uint64_t dev, ino; };

static int file_id(struct file *f, struct fileid *id)
{
	if (f->type != F_HOSTFS) {
		*id = (struct fileid){ ~0ul, f->type == F_CONSOLE ? (uint64_t)f->stream
		                                                  : (uint64_t)f->priv };
		return 0;
	}
	struct hostfs_stat st;
	int64_t r = hostfs_call(HOSTFS_FSTAT, f->handle, V2P(&st), 0, 0, 0, 0);
	*id = (struct fileid){ st.dev, st.ino };
	return r < 0 ? (int)r : 0;
}

/* Do a and b (of one file) get in each other's way?  Different owners,
 * one a write lock, overlapping ranges; flock locks only meet flock
 * locks, record locks (POSIX and OFD) only record locks. */
static bool conflict(const struct lock *a, const struct lock *b)
{
	if ((a->kind == LK_FLOCK) != (b->kind == LK_FLOCK))
		return false;
	if (a->owner == b->owner && a->kind == b->kind)
		return false;
	return (a->type == F_WRLCK || b->type == F_WRLCK) &&
	       a->start <= b->end && b->start <= a->end;
}

static struct lock *first_conflict(const struct lock *want)
{
	for (struct lock *l = locks; l; l = l->next)
		if (l->dev == want->dev && l->ino == want->ino && conflict(l, want))
			return l;
	return NULL;
}

static bool same_owner(const struct lock *l, const struct lock *w)
{
	return l->dev == w->dev && l->ino == w->ino && l->kind == w->kind &&
	       l->owner == w->owner;
}

/* Take [start, end] away from w's owner's locks on its file, splitting
 * a lock that covers more; -ENOLCK if a split finds no memory. */
static int carve(const struct lock *w)
{
	for (struct lock **pp = &locks; *pp; ) {
		struct lock *l = *pp;
		if (!same_owner(l, w) || l->end < w->start || w->end < l->start) {
			pp = &l->next;
			continue;
		}
		if (l->start < w->start && l->end > w->end) {
			struct lock *tail = kmalloc(sizeof *tail);
			if (!tail)
				return -ENOLCK;
			*tail = *l;
			tail->start = w->end + 1;
			l->end = w->start - 1;
			tail->next = l->next;
			l->next = tail;
			return 0;
		}
		if (l->start < w->start) {
			l->end = w->start - 1;
		} else if (l->end > w->end) {
			l->start = w->end + 1;
		} else {
			*pp = l->next;
			kmfree(l, sizeof *l);
			continue;
		}
		pp = &l->next;
	}
	return 0;
}

/* Add w, joined with the owner's locks of its type that it touches. */
static int add(struct lock *w)
{
	for (struct lock **pp = &locks; *pp; ) {
		struct lock *l = *pp;
		bool touches = l->start <= (w->end == ~0ul ? w->end : w->end + 1) &&
		               w->start <= (l->end == ~0ul ? l->end : l->end + 1);
		if (same_owner(l, w) && l->type == w->type && touches) {
			w->start = l->start < w->start ? l->start : w->start;
			w->end = l->end > w->end ? l->end : w->end;
			*pp = l->next;
			kmfree(l, sizeof *l);
			continue;
		}
		pp = &l->next;
	}
	struct lock *n = kmalloc(sizeof *n);
	if (!n)
		return -ENOLCK;
	*n = *w;
	/* in order of start, so F_GETLK reports the first conflicting
	 * range, as Linux's sorted lists do */
	struct lock **pp = &locks;
	while (*pp && (*pp)->start <= n->start)
		pp = &(*pp)->next;
	n->next = *pp;
	*pp = n;
	return 0;
}

/* Would p's waiting for owner (a process) close a cycle of POSIX
 * waiters?  Each waiting process waits for one process (lock_blocker). */
static bool deadlock(const struct proc *p, int owner)
{
	for (int steps = 0; owner && steps < NPROC; steps++) {
		if (owner == p->tgid)
			return true;
		int next = 0;
		FOR_EACH_PROC(q)
			if (q->tgid == owner && q->lock_blocker)
				next = q->lock_blocker;
		owner = next;
	}
	return false;
}

/* Set (F_RDLCK, F_WRLCK) or clear (F_UNLCK) w, waiting if wait. */
static int set_lock(struct proc *p, struct lock *w, bool wait)
{
	if (w->type == F_UNLCK) {
		int err = carve(w);
		wakeup(&lock_waiters);
		return err;
	}
	for (;;) {
		struct lock *c = first_conflict(w);
		if (!c)
			break;
		if (!wait)
			return -EAGAIN;
		if (w->kind == LK_POSIX && c->kind == LK_POSIX && deadlock(p, (int)c->owner))
			return -EDEADLK;
		if (signal_pending(p))
			return -ERESTARTSYS;
		p->lock_blocker = c->kind == LK_POSIX ? (int)c->owner : 0;
		lock_waiters++;
		sleep(&lock_waiters, NULL);
		lock_waiters--;
		p->lock_blocker = 0;
	}
	int err = carve(w);
	if (!err)
		err = add(w);
	wakeup(&lock_waiters);          /* a lock changed type: others may go */
	return err;
}

/* struct flock's range from the file's point of view (whence, start,
 * len, Linux's flock_to_posix_lock) into w. */
static int range(struct file *f, const struct flock *fl, struct lock *w)
{
	int64_t base = 0;
	if (fl->l_whence == SEEK_CUR) {
		base = (int64_t)f->off;
	} else if (fl->l_whence == SEEK_END) {
		struct hostfs_stat st = { 0 };
		if (f->type == F_HOSTFS &&
		    hostfs_call(HOSTFS_FSTAT, f->handle, V2P(&st), 0, 0, 0, 0) < 0)
			return -EBADF;
		base = (int64_t)st.size;
	} else if (fl->l_whence != SEEK_SET) {
		return -EINVAL;
	}
	int64_t start = base + fl->l_start, len = fl->l_len;
	if (len < 0) {
		start += len;
		len = -len;
	}
	if (start < 0)
		return -EINVAL;
	w->start = (uint64_t)start;
	w->end = len ? (uint64_t)(start + len - 1) : ~0ul;
	return 0;
}

/* fcntl's lock commands on f: F_GETLK, F_SETLK, F_SETLKW and their OFD
 * forms, with struct flock at uflock. */
int64_t lock_fcntl(struct proc *p, struct file *f, int cmd, uint64_t uflock)
{
	struct flock fl;
	if (copyin(p, &fl, uflock, sizeof fl))
		return -EFAULT;
	bool ofd = cmd == F_OFD_GETLK || cmd == F_OFD_SETLK || cmd == F_OFD_SETLKW;
	bool get = cmd == F_GETLK || cmd == F_OFD_GETLK;
	if (fl.l_type != F_RDLCK && fl.l_type != F_WRLCK && fl.l_type != F_UNLCK)
		return -EINVAL;
	if (ofd && fl.l_pid)
		return -EINVAL;
	struct fileid id;
	struct lock w = { .kind = ofd ? LK_OFD : LK_POSIX, .type = fl.l_type,
	                  .owner = ofd ? (uint64_t)f : (uint64_t)p->tgid,
	                  .pid = ofd ? -1 : p->tgid };
	int err = range(f, &fl, &w);
	if (!err)
		err = file_id(f, &id);
	if (err)
		return err;
	w.dev = id.dev;
	w.ino = id.ino;
	if (get) {
		if (fl.l_type == F_UNLCK)
			return -EINVAL;
		struct lock *c = first_conflict(&w);
		if (!c) {
			fl.l_type = F_UNLCK;
		} else {
			fl.l_type = c->type;
			fl.l_whence = SEEK_SET;
			fl.l_start = (int64_t)c->start;
			fl.l_len = c->end == ~0ul ? 0 : (int64_t)(c->end - c->start + 1);
			fl.l_pid = c->pid;
		}
		return copyout(p, uflock, &fl, sizeof fl);
	}
	unsigned acc = f->flags & O_ACCMODE;
	if ((fl.l_type == F_RDLCK && acc == O_WRONLY) || (fl.l_type == F_WRLCK && acc == O_RDONLY))
		return -EBADF;
	return set_lock(p, &w, cmd == F_SETLKW || cmd == F_OFD_SETLKW);
}

/* flock(fd, op): LOCK_SH, LOCK_EX (| LOCK_NB), LOCK_UN on the whole
 * file, owned by the open file. */
int64_t sys_flock(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(p, (int64_t)ARG(tf, 0));
	uint64_t op = ARG(tf, 1);
	if (!f)
		return -EBADF;
	unsigned how = op & ~(uint64_t)LOCK_NB;
	if (op & LOCK_MAND)
		return 0;              /* Linux ignores it (fs/locks.c) */
	if (how != LOCK_SH && how != LOCK_EX && how != LOCK_UN)
		return -EINVAL;
	struct fileid id;
	int err = file_id(f, &id);
	if (err)
		return err;
	struct lock w = { .dev = id.dev, .ino = id.ino, .kind = LK_FLOCK,
	                  .owner = (uint64_t)f, .pid = -1, .start = 0, .end = ~0ul,
	                  .type = how == LOCK_SH ? F_RDLCK : how == LOCK_EX ? F_WRLCK : F_UNLCK };
	if (w.type != F_UNLCK) {     /* a conversion drops the old lock first */
		struct lock un = w;
		un.type = F_UNLCK;
		set_lock(p, &un, false);
	}
	return set_lock(p, &w, !(op & LOCK_NB));
}

/* Drop the locks that match: a process's POSIX locks (on one file, or
 * all of them), or an open file's OFD and flock locks. */
static void drop(bool (*match)(const struct lock *, const void *), const void *arg)
{
	bool any = false;
	for (struct lock **pp = &locks; *pp; ) {
		struct lock *l = *pp;
		if (match(l, arg)) {
			*pp = l->next;
			kmfree(l, sizeof *l);
			any = true;
		} else {
			pp = &l->next;
		}
	}
	if (any)
		wakeup(&lock_waiters);
}

struct posix_of { int tgid; const struct fileid *id; };

static bool posix_match(const struct lock *l, const void *arg)
{
	const struct posix_of *po = arg;
	return l->kind == LK_POSIX && l->owner == (uint64_t)po->tgid &&
	       (!po->id || (l->dev == po->id->dev && l->ino == po->id->ino));
}

static bool file_match(const struct lock *l, const void *arg)
{
	return l->kind != LK_POSIX && l->owner == (uint64_t)arg;
}

/* p's process closes a descriptor of f: its POSIX locks on the file go
 * (asked of the host only when the process holds any). */
void lock_release_file(struct proc *p, struct file *f)
{
	bool holds = false;
	for (struct lock *l = locks; l && !holds; l = l->next)
		holds = l->kind == LK_POSIX && l->owner == (uint64_t)p->tgid;
	struct fileid id;
	if (!holds || file_id(f, &id))
		return;
	struct posix_of po = { p->tgid, &id };
	drop(posix_match, &po);
}

void lock_release_process(int tgid)
{
	struct posix_of po = { tgid, NULL };
	if (locks)
		drop(posix_match, &po);
}

void lock_release_ofd(struct file *f)
{
	if (locks)
		drop(file_match, f);
}
