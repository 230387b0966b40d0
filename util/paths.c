/*
 * paths.c - where the files that come with alphasim are (util/paths.h).
 */
#include "util/paths.h"
#include "util/fail.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool paths_find_file(const char *build_rel, const char *env_name,
                     char *buf, size_t len, char *err, size_t errlen)
{
	const char *env = env_name ? getenv(env_name) : NULL;
	if (env && *env) {
		snprintf(buf, len, "%s", env);
		return true;
	}
	/* the build tree keeps build_rel's directory, $(pkglibdir) only its
	 * basename */
	const char *base = strrchr(build_rel, '/');
	base = base ? base + 1 : build_rel;
	char dir[PATH_MAX], path[2 * PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
	if (n > 0) {
		dir[n] = 0;
		*strrchr(dir, '/') = 0;
		const char *const beside[][2] = {
			{ "/../", build_rel },               /* the build tree  */
			{ "/../lib/alphasim/", base },       /* $(pkglibdir)    */
		};
		for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
			snprintf(path, sizeof path, "%s%s%s", dir, beside[i][0], beside[i][1]);
			if (access(path, R_OK) == 0) {
				snprintf(buf, len, "%s", path);
				return true;
			}
		}
	}
	/* configure's $(pkglibdir) itself, for an install whose libdir is not
	 * bindir's ../lib (--libdir=/usr/lib64, Debian's multiarch paths);
	 * the relative places above keep a moved install working */
	snprintf(path, sizeof path, "%s/%s", PATHS_PKGLIBDIR, base);
	if (access(path, R_OK) == 0) {
		snprintf(buf, len, "%s", path);
		return true;
	}
	FAIL("no %s beside %s (build tree or ../lib/alphasim) nor in %s%s%s", base,
	     n > 0 ? dir : "alphasim", PATHS_PKGLIBDIR,
	     env_name ? "; name one with " : "", env_name ? env_name : "");
}

bool paths_find_minios(char *buf, size_t len, char *err, size_t errlen)
{
	if (paths_find_file("minios/minios.elf", "ALPHASIM_MINIOS", buf, len, err, errlen))
		return true;
	size_t k = strlen(err);
	snprintf(err + k, errlen - k, " or --minios FILE");
	return false;
}

/* Is NAME, searched for in $PATH as a shell does, the file st is? */
static bool path_finds(const char *name, const struct stat *st)
{
	const char *p = getenv("PATH");
	char file[PATH_MAX];
	for (; p && *p; p += strcspn(p, ":") + (p[strcspn(p, ":")] == ':')) {
		int n = (int)strcspn(p, ":");
		snprintf(file, sizeof file, "%.*s/%s", n, n ? p : ".", name);
		struct stat fs;
		if (access(file, X_OK) == 0 && stat(file, &fs) == 0)
			return fs.st_dev == st->st_dev && fs.st_ino == st->st_ino;
	}
	return false;
}

void paths_tool(const char *name, char *buf, size_t len)
{
	char dir[PATH_MAX], path[2 * PATH_MAX], real[PATH_MAX];
	snprintf(buf, len, "%s", name);
	ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
	if (n <= 0)
		return;
	dir[n] = 0;
	*strrchr(dir, '/') = 0;
	struct stat st;
	snprintf(path, sizeof path, "%s/../analysis/%s", dir, name);
	if (access(path, X_OK) == 0 && realpath(path, real)) {
		snprintf(buf, len, "%s", real);
		return;
	}
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (access(path, X_OK) == 0 && stat(path, &st) == 0 && !path_finds(name, &st))
		snprintf(buf, len, "%s", path);
}
