/*
 * bootblock.h - the boot block: what alphasim's boot path (platform/boot.c)
 * leaves in guest memory for minios, and minios reads (main.c, path.c).
 * Compiled on both sides; all fields are little-endian quadwords.
 *
 * The block starts on a page boundary after the kernel image; its
 * physical address reaches the kernel in a0 (docs/minios.md, "Boot").
 * Strings are NUL-terminated and named by their offset from the start
 * of the block; argv and envp are runs of argc/envc consecutive strings.
 */
#ifndef ABI_BOOTBLOCK_H
#define ABI_BOOTBLOCK_H

#include <stdint.h>

#define BOOTBLOCK_MAGIC   0x3142534f494e494dull   /* "MINIOSB1" */
#define BOOTBLOCK_MAX     (1u << 20)              /* bytes, strings too */
#define BOOT_MAX_MOUNTS   8

/* flags: no banner; standard input, output, error are terminals; print
 * every system call on standard error (alphasim --trace-syscalls) */
enum { BOOT_QUIET = 1, BOOT_TTY0 = 2, BOOT_TTY1 = 4, BOOT_TTY2 = 8, BOOT_TRACE = 16 };

/* Guest directory `path` shows directory `sub` beneath the root of
 * hostfs mount mnt ("" for the root itself): the sysroot's lib/ is at
 * /lib and /usr/lib, say. */
struct bootblock_mount {
	uint64_t mnt;        /* hostfs mount number                       */
	uint64_t path;       /* offset: the guest directory it appears at */
	uint64_t sub;        /* offset: the directory beneath the mount   */
};

struct bootblock {
	uint64_t magic;
	uint64_t size;       /* bytes, header and strings                 */
	uint64_t mem_size;   /* RAM bytes                                 */
	uint64_t clock_hz;   /* processor clock                           */
	uint64_t epoch_s;    /* CLOCK_REALTIME at cycle 0, seconds        */
	uint64_t seed;       /* for getrandom and AT_RANDOM               */
	uint64_t flags;      /* BOOT_*                                    */
	uint64_t ncpus;
	uint64_t nmounts;
	struct bootblock_mount mounts[BOOT_MAX_MOUNTS];
	uint64_t cwd;        /* offset: the working directory             */
	uint64_t exe;        /* offset: the program to run (guest path)   */
	uint64_t argc, argv; /* count, offset of the first                */
	uint64_t envc, envp;
	/* the kernel as an image (image-load hooks): minios.elf's loadable
	 * segment at kseg address kernel_base, kernel_size bytes from file
	 * offset kernel_off, and the FNV-1a hash of the file */
	uint64_t kernel_base, kernel_size, kernel_off, kernel_id;
	/* the host's standard input, output, error as fstat sees them (all
	 * 0 when closed), for the console's fstat: a program's stdio picks
	 * its buffering from them, as it does on the host under qemu */
	struct bootblock_stdio { uint64_t mode, rdev, blksize; } stdio[3];
};

#endif
