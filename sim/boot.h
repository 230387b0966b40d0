/*
 * boot.h - starting a Linux/Alpha program: load the minios guest kernel
 * and hand it the program, its arguments and environment, and the file
 * system layout in a boot block (minios/bootblock.h; docs/minios.md,
 * "Boot").
 */
#ifndef ALPHASIM_BOOT_H
#define ALPHASIM_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sim/hostfs.h"
#include "sim/machine.h"

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
	const char *minios;           /* minios.elf, or NULL: boot_find_minios */
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
	const char *sysroot;          /* the cross sysroot's host path, or NULL */
	unsigned    sysroot_mnt;      /* its hostfs mount                   */
	uint64_t    seed;             /* guest randomness (getrandom, auxv) */
	uint64_t    epoch_s;          /* guest CLOCK_REALTIME at cycle 0    */
	bool        quiet;            /* no banner                          */
	bool        trace_syscalls;   /* minios prints each system call     */
};

/* A guest file that comes with alphasim, like minios.elf: $env_name if
 * set (env_name may be NULL), else build_rel (e.g. "minios/minios.elf")
 * beside the build tree's sim/alphasim, else lib/alphasim/BASENAME
 * beside the installed bin/alphasim ($(pkglibdir)).  Writes the path into
 * buf; false (with the places tried in err) if none exists. */
bool boot_find_file(const char *build_rel, const char *env_name,
                    char *buf, size_t len, char *err, size_t errlen);

/* The minios image to use when none is named: boot_find_file of
 * minios/minios.elf and $ALPHASIM_MINIOS. */
bool boot_find_minios(char *buf, size_t len, char *err, size_t errlen);

/* Load minios into m, write the boot block and set CPU 0 to start it.
 * The sysroot's lib/ appears at /lib and /usr/lib, where the dynamic
 * loader looks.  The program must lie beneath one of the mounts, or its
 * directory is mounted read-only on a free mount number.  False with a one-line
 * reason in err. */
bool boot_linux(struct machine *m, const struct boot_config *bc,
                char *err, size_t errlen);

#endif
