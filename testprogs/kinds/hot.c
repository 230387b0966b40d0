/*
 * hot.c - where a profile's samples land (tests/profile_kinds.sh): one
 * hot loop per way a process can come to run code, each a function of
 * its own, so that a test can check that every one's samples are in
 * this program's profile at the loop's offsets.  Built as a user builds
 * it (testprogs/kinds/local.mk): dynamic non-PIE (Debian's default),
 * PIE, static.
 *
 * Usage: hot N PART...   each PART runs N iterations of its loop:
 *   main       hot_main in this process
 *   fork       hot_fork in a child that forks and does not exec
 *   exec=PROG  hot_preexec in a child, which then execs PROG (a path:
 *              another of these programs, at other addresses) with
 *              arguments N exec-child: PROG runs its hot_exec
 *   thread     hot_thread in a second thread (pthread_create)
 *   dlopen     hot_lib of libhot.so, beside argv[0], opened by dlopen
 * Prints "hot: PART ok" for each, then "hot: done".  The child's
 * hot_preexec is what a profiler must not read through PROG's maps.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hot.h"

HOT(hot_main)
HOT(hot_fork)
HOT(hot_preexec)
HOT(hot_exec)
HOT(hot_thread)

static long n;

static void *thread_main(void *arg)
{
	(void)arg;
	sink = hot_thread(n);
	return NULL;
}

/* Wait for child and check that it ended with status 0. */
static int reap(pid_t child)
{
	int ws;
	return child > 0 && waitpid(child, &ws, 0) == child && WIFEXITED(ws) &&
	       WEXITSTATUS(ws) == 0;
}

static int run(const char *self, const char *part)
{
	if (!strcmp(part, "main")) {
		sink = hot_main(n);
		return 1;
	}
	if (!strcmp(part, "fork")) {
		pid_t c = fork();
		if (c == 0) {
			sink = hot_fork(n);
			_exit(0);
		}
		return reap(c);
	}
	if (!strncmp(part, "exec=", 5)) {
		char arg[32];
		snprintf(arg, sizeof arg, "%ld", n);
		pid_t c = fork();
		if (c == 0) {
			sink = hot_preexec(n);
			execl(part + 5, part + 5, arg, "exec-child", (char *)NULL);
			_exit(127);
		}
		return reap(c);
	}
	if (!strcmp(part, "exec-child")) {
		sink = hot_exec(n);
		return 1;
	}
	if (!strcmp(part, "thread")) {
		pthread_t t;
		return !pthread_create(&t, NULL, thread_main, NULL) && !pthread_join(t, NULL);
	}
	if (!strcmp(part, "dlopen")) {
		char lib[4096];
		const char *slash = strrchr(self, '/');
		snprintf(lib, sizeof lib, "%.*slibhot.so", slash ? (int)(slash - self + 1) : 0,
		         self);
		void *h = dlopen(lib, RTLD_NOW);
		long (*f)(long) = h ? (long (*)(long))dlsym(h, "hot_lib") : NULL;
		if (!f) {
			fprintf(stderr, "hot: %s\n", dlerror());
			return 0;
		}
		sink = f(n);
		return !dlclose(h);
	}
	fprintf(stderr, "hot: unknown part '%s'\n", part);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: hot N PART...\n");
		return 2;
	}
	n = atol(argv[1]);
	for (int i = 2; i < argc; i++) {
		if (!run(argv[0], argv[i])) {
			printf("hot: %s failed\n", argv[i]);
			return 1;
		}
		if (strcmp(argv[i], "exec-child"))
			printf("hot: %s ok\n", argv[i]);
		fflush(stdout);
	}
	if (strcmp(argv[argc - 1], "exec-child"))
		printf("hot: done\n");
	return 0;
}
