/*
 * paths.h - where the files alphasim uses by default are: the guest
 * programs that come with it (minios, dcpid, the default workload) and
 * the cross toolchain's sysroot.
 */
#ifndef UTIL_PATHS_H
#define UTIL_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* The cross sysroot: Debian's, where gcc-alpha-linux-gnu and
 * libc6.1-dev-alpha-cross put the Alpha C library and its loader. */
#define PATHS_DEFAULT_SYSROOT "/usr/alpha-linux-gnu"

/* A guest file that comes with alphasim, like minios.elf: $env_name if
 * set (env_name may be NULL), else build_rel (e.g. "minios/minios.elf")
 * beside the build tree's sim/alphasim, else lib/alphasim/BASENAME
 * beside the installed bin/alphasim ($(pkglibdir) of a default layout,
 * wherever the installed tree was moved), else BASENAME in the configured
 * $(pkglibdir) (PATHS_PKGLIBDIR, util/local.mk).  Writes the path into
 * buf; false (with the places tried in err) if none exists. */
bool paths_find_file(const char *build_rel, const char *env_name,
                     char *buf, size_t len, char *err, size_t errlen);

/* The minios image to use when none is named: paths_find_file of
 * minios/minios.elf and $ALPHASIM_MINIOS. */
bool paths_find_minios(char *buf, size_t len, char *err, size_t errlen);

/* How the user runs NAME, one of the host tools that come with alphasim
 * (dcpiprof, dcpicalc...), from wherever they are: when alphasim runs
 * from its build tree (NAME in ../analysis beside sim/alphasim), that
 * file's absolute path; when installed, NAME alone if $PATH finds the
 * NAME beside the installed alphasim, else its absolute path; NAME alone
 * if neither is there. */
void paths_tool(const char *name, char *buf, size_t len);

#endif
