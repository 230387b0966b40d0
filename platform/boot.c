/*
 * boot.c - booting minios for a Linux/Alpha program (platform/boot.h,
 * docs/minios.md "Boot").
 *
 * minios.elf is a kseg image like any bare-metal program: its segments
 * go to the physical addresses the superpage gives and CPU 0 starts at
 * its entry in the documented bare-metal state (docs/platform.md).  The
 * boot block (abi/bootblock.h) goes on the first page boundary after
 * the image, and its physical address is left in a0 for the kernel.
 */
#include "platform/boot.h"
#include "util/fail.h"
#include "util/paths.h"
#include "platform/loader.h"
#include "abi/bootblock.h"
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- host paths as guest paths --------------------------------------- */

/* The guest path of host path real (canonical), through the mount whose
 * host directory is the longest prefix of it; false if there is none. */
static bool guest_path(const struct boot_mount *mounts, unsigned n,
                       const char *real, char *out, size_t outlen)
{
	size_t best_len = 0;
	int best = -1;
	char dir[PATH_MAX];
	for (unsigned i = 0; i < n; i++) {
		if (!realpath(mounts[i].host, dir))
			continue;
		size_t k = strlen(dir);
		if (k == 1)
			k = 0;                          /* host "/" */
		if (strncmp(real, dir, k) || (real[k] && real[k] != '/'))
			continue;
		if (best < 0 || k > best_len) {
			best = (int)i;
			best_len = k;
		}
	}
	if (best < 0)
		return false;
	const char *g = mounts[best].guest, *rest = real + best_len;
	bool root = !strcmp(g, "/");
	int w = snprintf(out, outlen, "%s%s", root && *rest ? "" : g, rest);
	return w > 0 && (size_t)w < outlen;
}

/* Mount host directory dir (canonical; kept by the caller) on a free
 * mount number, read-only or not, at guest path dir: being the deepest
 * mount of its files, it is the one their host paths go through. */
static bool mount_dir(struct hostfs *fs, struct boot_mount *mounts, unsigned *nmounts,
                      const char *dir, bool readonly, char *err, size_t errlen)
{
	unsigned mnt = 0;
	for (unsigned i = 0; i < *nmounts; i++)
		if (mounts[i].mnt >= mnt)
			mnt = mounts[i].mnt + 1;
	if (*nmounts == BOOT_MAX_MOUNTS || mnt >= HOSTFS_MAX_MOUNTS)
		FAIL("%s: outside every hostfs mount, and no mount is free", dir);
	if (!hostfs_mount(fs, mnt, dir, readonly, err, errlen))
		return false;
	mounts[(*nmounts)++] = (struct boot_mount){ mnt, dir, dir, NULL };
	return true;
}

/* The guest path of host file host: through the mounts, or else its
 * directory (written to dir, PATH_MAX bytes, which the new mount points
 * at) is mounted read-only.  False with a reason in err. */
static bool guest_file(struct hostfs *fs, struct boot_mount *mounts, unsigned *nmounts,
                       const char *host, char *dir, char *out, size_t outlen,
                       char *err, size_t errlen)
{
	char real[PATH_MAX];
	if (!realpath(host, real))
		FAIL("%s: cannot find it", host);
	if (guest_path(mounts, *nmounts, real, out, outlen))
		return true;
	strcpy(dir, real);
	*strrchr(dir, '/') = 0;
	if (!*dir)
		strcpy(dir, "/");
	return mount_dir(fs, mounts, nmounts, dir, true, err, errlen) &&
	       guest_path(mounts, *nmounts, real, out, outlen);
}

/* ---- the boot block --------------------------------------------------- */

struct bb_build {
	uint8_t *buf;                         /* the block, at its RAM place */
	uint64_t len, max;
	bool full;
};

static uint64_t add_str(struct bb_build *b, const char *s)
{
	size_t n = strlen(s) + 1;
	if (b->len + n > b->max) {
		b->full = true;
		return 0;
	}
	memcpy(b->buf + b->len, s, n);
	b->len += n;
	return b->len - n;
}

/* End of the image in physical memory (the highest PT_LOAD byte), and
 * the kernel as an image for the image-load hooks: the loadable segment
 * holding the entry point, and the hash of the file. */
static uint64_t image_end(struct elf_file *f, uint64_t entry, struct bootblock *bb)
{
	Elf *e = elf_handle(f);
	size_t n;
	uint64_t end = 0;
	elf_getphdrnum(e, &n);
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		gelf_getphdr(e, (int)i, &ph);
		if (ph.p_type != PT_LOAD)
			continue;
		if (KSEG_PA(ph.p_vaddr) + ph.p_memsz > end)
			end = KSEG_PA(ph.p_vaddr) + ph.p_memsz;
		if (entry >= ph.p_vaddr && entry - ph.p_vaddr < ph.p_filesz) {
			bb->kernel_base = ph.p_vaddr;
			bb->kernel_size = ph.p_filesz;
			bb->kernel_off = ph.p_offset;
		}
	}
	int fd = open(elf_path(f), O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		bb->kernel_id = hostfs_content_hash(fd);
		close(fd);
	}
	return end;
}

/* Where the dynamic loader looks for libraries (its default path on
 * Debian: /lib/alpha-linux-gnu, /usr/lib/alpha-linux-gnu, /lib,
 * /usr/lib): the sysroot's lib/ appears at each top directory. */
static const char *const lib_dirs[] = { "/lib", "/usr/lib" };
#define SYSROOT_LIB "/lib"

bool boot_linux(struct machine *m, const struct boot_config *bc,
                char *err, size_t errlen)
{
	char minios[PATH_MAX], gexe[PATH_MAX], gcwd[PATH_MAX];
	if (bc->minios)
		snprintf(minios, sizeof minios, "%s", bc->minios);
	else if (!paths_find_minios(minios, sizeof minios, err, errlen))
		return false;

	/* the program, as the guest names it */
	struct boot_mount mounts[BOOT_MAX_MOUNTS];
	unsigned nmounts = bc->nmounts < BOOT_MAX_MOUNTS ? bc->nmounts : BOOT_MAX_MOUNTS;
	memcpy(mounts, bc->mounts, nmounts * sizeof mounts[0]);
	char libdir[PATH_MAX];
	snprintf(libdir, sizeof libdir, "%s%s", bc->sysroot ? bc->sysroot : "", SYSROOT_LIB);
	for (size_t i = 0; bc->sysroot && i < sizeof lib_dirs / sizeof lib_dirs[0] &&
	                   nmounts < BOOT_MAX_MOUNTS; i++)
		mounts[nmounts++] = (struct boot_mount){ bc->sysroot_mnt, libdir,
		                                         lib_dirs[i], SYSROOT_LIB };
	if (bc->rwdir && !mount_dir(bc->fs, mounts, &nmounts, bc->rwdir, false, err, errlen))
		return false;
	char dirs[2][PATH_MAX], gpath[PATH_MAX] = "";
	if (!guest_file(bc->fs, mounts, &nmounts, bc->program, dirs[0], gexe, sizeof gexe,
	                err, errlen))
		return false;
	if (bc->path_arg > 0 && bc->path_arg < bc->argc &&
	    !guest_file(bc->fs, mounts, &nmounts, bc->argv[bc->path_arg], dirs[1], gpath,
	                sizeof gpath, err, errlen))
		return false;
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd) || !guest_path(mounts, nmounts, cwd, gcwd, sizeof gcwd))
		strcpy(gcwd, "/");

	/* minios itself */
	struct elf_file *f = elf_open(minios, err, errlen);
	if (!f)
		return false;
	uint64_t entry;
	if (!loader_is_bare(f)) {
		elf_close(f);
		FAIL("%s: not a minios image (not linked for the kseg superpage)", minios);
	}
	if (!loader_load_bare(f, m, &entry, err, errlen)) {
		elf_close(f);
		return false;
	}
	struct bootblock kb = { 0 };
	uint64_t bb_pa = (image_end(f, entry, &kb) + PAGE_MASK) & ~PAGE_MASK;
	elf_close(f);
	if (bb_pa + BOOTBLOCK_MAX > m->bus.mem_size)
		FAIL("%llu MB of memory is too little for minios",
		     (unsigned long long)(m->bus.mem_size >> 20));

	/* the block: header, then strings */
	struct bb_build b = { m->bus.ram + bb_pa, sizeof(struct bootblock), BOOTBLOCK_MAX, false };
	struct bootblock *bb = (struct bootblock *)b.buf;
	*bb = kb;
	bb->magic = BOOTBLOCK_MAGIC;
	bb->mem_size = m->bus.mem_size;
	bb->clock_hz = m->params.clock_mhz * 1000000ull;
	bb->epoch_s = bc->epoch_s;
	bb->seed = bc->seed;
	bb->flags = (bc->quiet ? BOOT_QUIET : 0) | (isatty(0) ? BOOT_TTY0 : 0) |
	            (isatty(1) ? BOOT_TTY1 : 0) | (isatty(2) ? BOOT_TTY2 : 0) |
	            (bc->trace_syscalls ? BOOT_TRACE : 0);
	for (int fd = 0; fd < 3; fd++) {
		struct stat st;
		if (fstat(fd, &st) == 0)
			bb->stdio[fd] = (struct bootblock_stdio){
				st.st_mode, st.st_rdev, (uint64_t)st.st_blksize };
	}
	bb->ncpus = m->bus.ncpus;
	bb->nmounts = nmounts;
	for (unsigned i = 0; i < nmounts; i++)
		bb->mounts[i] = (struct bootblock_mount){
			mounts[i].mnt, add_str(&b, mounts[i].guest),
			add_str(&b, mounts[i].sub ? mounts[i].sub : "") };
	bb->cwd = add_str(&b, gcwd);
	bb->exe = add_str(&b, gexe);
	bb->argc = (uint64_t)bc->argc;
	bb->argv = b.len;
	for (int i = 0; i < bc->argc; i++)
		add_str(&b, bc->path_arg > 0 && i == bc->path_arg ? gpath : bc->argv[i]);
	bb->envp = b.len;
	for (char *const *e = bc->envp; e && *e; e++, bb->envc++)
		add_str(&b, *e);
	if (b.full)
		FAIL("%s: arguments and environment exceed %u KB", bc->program,
		     BOOTBLOCK_MAX >> 10);
	bb->size = b.len;

	cpu_reset_bare(m->bus.cpu[0], entry);
	m->bus.cpu[0]->r[16] = bb_pa;
	return true;
}
