/*
 * boot.h - starting a Linux/Alpha program: load the minios guest kernel
 * and hand it the program, its arguments and environment, and the file
 * system layout in a boot block (abi/bootblock.h; docs/minios.md,
 * "Boot").
 */
#ifndef ALPHASIM_BOOT_H
#define ALPHASIM_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "platform/hostfs.h"
#include "platform/machine.h"

/* A hostfs mount as the guest sees it: guest directory guest ("/" for
 * the root) shows host directory host, which is sub beneath the root of
 * hostfs mount mnt (NULL or "": the root itself). */
struct boot_mount {
	unsigned    mnt;
	const char *host;
	const char *guest;
	const char *sub;
};

struct boot_config {
	const char *minios;           /* minios.elf, or NULL: paths_find_minios */
	const char *program;          /* the program's host path            */
	int         argc;             /* its arguments, argv[0] first       */
	int         path_arg;         /* > 0: argv[path_arg] is a host file, */
	                              /* passed as its guest path (mounted  */
	                              /* like the program if need be)       */
	char *const *argv;
	char *const *envp;            /* its environment                    */
	struct hostfs *fs;            /* the machine's hostfs device        */
	const struct boot_mount *mounts;
	unsigned    nmounts;
	const char *rwdir;            /* NULL, or a host directory (canonical) */
	                              /* the guest writes: mounted read-    */
	                              /* write at its own path (--profile's */
	                              /* database outside --root)           */
	const char *sysroot;          /* the cross sysroot's host path, or NULL */
	unsigned    sysroot_mnt;      /* its hostfs mount                   */
	uint64_t    seed;             /* guest randomness (getrandom, auxv) */
	uint64_t    epoch_s;          /* guest CLOCK_REALTIME at cycle 0    */
	bool        quiet;            /* no banner                          */
	bool        trace_syscalls;   /* minios prints each system call     */
};

/* Load minios into m, write the boot block and set CPU 0 to start it.
 * The sysroot's lib/ appears at /lib and /usr/lib, where the dynamic
 * loader looks.  The program must lie beneath one of the mounts, or its
 * directory is mounted read-only on a free mount number; rwdir, if any,
 * gets a read-write mount of its own.  False with a one-line reason in
 * err. */
bool boot_linux(struct machine *m, const struct boot_config *bc,
                char *err, size_t errlen);

#endif
