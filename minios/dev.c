/*
 * dev.c - the /dev namespace: a name listed in devices.def opens that
 * device (an F_DEVICE file whose operations are its struct devops);
 * file.c and sysfile.c pass a device file's read, write, ioctl and close
 * here.  Other /dev names go to hostfs as before.  Also /dev/null and
 * /dev/zero.
 */
#include "minios/defs.h"
#include <asm/fcntl.h>

static const struct { const char *name; const struct devops *ops; } devices[] = {
#define DEVICE(name, ops) { name, &ops },
#include "minios/devices.def"
#undef DEVICE
};

bool dev_openat(struct proc *p, uint64_t upath, unsigned flags, int64_t *ret)
{
	static char path[PATH_MAX], abs[PATH_MAX];
	if (copyinstr(p, path, upath, sizeof path) < 0 ||
	    path_absolute(p->fs->cwd, path, abs) || strncmp(abs, "/dev/", 5))
		return false;               /* sys_openat reports it */
	for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++) {
		if (strcmp(abs + 5, devices[i].name))
			continue;
		struct file *f = file_alloc();
		if (!f) {
			*ret = -ENFILE;
			return true;
		}
		f->type = F_DEVICE;
		f->dev = devices[i].ops;
		f->flags = flags;
		int err = f->dev->open ? f->dev->open(f) : 0;
		if (err) {
			file_free(f);
			*ret = err;
			return true;
		}
		int fd = fd_install(p, f, 0, flags & O_CLOEXEC);
		if (fd < 0)
			file_close(f);
		*ret = fd;
		return true;
	}
	return false;
}

int64_t dev_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	return f->dev->read(p, f, ubuf, n);
}

int64_t dev_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	return f->dev->write(p, f, ubuf, n);
}

int64_t dev_ioctl(struct proc *p, struct file *f, uint64_t cmd, uint64_t arg)
{
	return f->dev->ioctl(p, f, cmd, arg);
}

void dev_close(struct file *f)
{
	if (f->dev->close)
		f->dev->close(f);
}

/* ---- /dev/null, /dev/zero ------------------------------------------- */
static int64_t null_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	(void)p, (void)f, (void)ubuf, (void)n;
	return 0;
}

static int64_t sink_write(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	(void)p, (void)f, (void)ubuf;
	return (int64_t)n;
}

static int64_t zero_read(struct proc *p, struct file *f, uint64_t ubuf, uint64_t n)
{
	static const char zeros[512];
	(void)f;
	for (uint64_t done = 0; done < n; ) {
		uint64_t k = n - done < sizeof zeros ? n - done : sizeof zeros;
		if (copyout(p, ubuf + done, zeros, k))
			return done ? (int64_t)done : -EFAULT;
		done += k;
	}
	return (int64_t)n;
}

static int64_t no_ioctl(struct proc *p, struct file *f, uint64_t cmd, uint64_t arg)
{
	(void)p, (void)f, (void)cmd, (void)arg;
	return -ENOTTY;
}

const struct devops null_dev = {
	.read = null_read, .write = sink_write, .ioctl = no_ioctl,
};
const struct devops zero_dev = {
	.read = zero_read, .write = sink_write, .ioctl = no_ioctl,
};
