/* shared: what the threads of a process share and fork copies (Linux's
 * CLONE_FILES, CLONE_SIGHAND, CLONE_FS against fork), and ppoll on
 * pipes: readiness of both ends, a thread waking a poller, the time
 * left written back.  Each step prints one line. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int fd_opened, fds[2];
static volatile sig_atomic_t caught;

static void on_usr1(int sig) { caught = sig; }

/* opens a file, closes the main thread's descriptor, installs a
 * handler and changes directory: all seen by the main thread */
static void *changer(void *arg)
{
	int victim = *(int *)arg;
	fd_opened = open("shared.txt", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	close(victim);
	signal(SIGUSR1, on_usr1);
	if (chdir("sub"))
		perror("chdir");
	return NULL;
}

/* writes to the pipe after the main thread started polling */
static void *writer(void *arg)
{
	(void)arg;
	struct timespec d = { 0, 20000000 };
	nanosleep(&d, NULL);
	if (write(fds[1], "x", 1) != 1)
		perror("write");
	return NULL;
}

static int poll1(int fd, short events, long ms, struct timespec *left)
{
	struct pollfd p = { fd, events, 0 };
	struct timespec t = { ms / 1000, ms % 1000 * 1000000 };
	/* the system call itself: glibc's ppoll passes a copy of the
	 * timeout, so the time left would not be seen */
	int n = (int)syscall(SYS_ppoll, &p, 1, ms < 0 ? NULL : &t, NULL, 8);
	if (left)
		*left = t;
	return n < 0 ? -errno : p.revents;
}

static void show(const char *what, int revents)
{
	printf("%s:%s%s%s%s%s\n", what, revents & POLLIN ? " in" : "",
	       revents & POLLOUT ? " out" : "", revents & POLLHUP ? " hup" : "",
	       revents & POLLERR ? " err" : "", revents ? "" : " none");
}

int main(void)
{
	char buf[64];
	mkdir("sub", 0755);
	int victim = open("/dev/null", O_RDONLY);
	pthread_t t;
	pthread_create(&t, NULL, changer, &victim);
	pthread_join(t, NULL);
	printf("fd from thread writable: %s\n",
	       write(fd_opened, "hello\n", 6) == 6 ? "yes" : strerror(errno));
	printf("fd closed by thread: %s\n", close(victim) ? strerror(errno) : "still open");
	raise(SIGUSR1);
	printf("handler from thread: %s\n", caught == SIGUSR1 ? "ran" : "did not run");
	printf("cwd from thread ends in /sub: %s\n",
	       getcwd(buf, sizeof buf) && !strcmp(buf + strlen(buf) - 4, "/sub") ? "yes" : "no");

	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGUSR1, SIG_DFL);
		close(fd_opened);
		chdir("..");
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	caught = 0;
	raise(SIGUSR1);
	printf("after fork: handler %s, fd %s, cwd %s\n", caught ? "kept" : "lost",
	       write(fd_opened, "again\n", 6) == 6 ? "kept" : "lost",
	       getcwd(buf, sizeof buf) && !strcmp(buf + strlen(buf) - 4, "/sub") ? "kept" : "lost");

	struct timespec left;
	if (pipe(fds))
		return 1;
	show("empty pipe, read end", poll1(fds[0], POLLIN, 0, NULL));
	show("empty pipe, write end", poll1(fds[1], POLLOUT, 0, NULL));
	int r = poll1(fds[0], POLLIN, 30, &left);
	show("empty pipe, 30 ms", r);
	printf("time left after a timeout: %ld.%09ld\n", (long)left.tv_sec, left.tv_nsec);
	pthread_create(&t, NULL, writer, NULL);
	r = poll1(fds[0], POLLIN, 5000, &left);
	show("pipe written by a thread", r);
	printf("time left below 5 s and above 4 s: %s\n",
	       left.tv_sec == 4 ? "yes" : "no");
	pthread_join(t, NULL);
	show("asked for nothing", poll1(fds[0], 0, 0, NULL));
	if (read(fds[0], buf, 1) != 1)
		return 1;
	close(fds[1]);
	show("writer closed", poll1(fds[0], POLLIN, -1, NULL));
	int more[2];
	if (pipe(more))
		return 1;
	close(more[0]);
	show("reader closed", poll1(more[1], POLLOUT, -1, NULL));
	int full[2];
	if (pipe2(full, O_NONBLOCK))
		return 1;
	while (write(full[1], buf, sizeof buf) > 0)
		;
	show("full pipe, write end", poll1(full[1], POLLOUT, 0, NULL));
	return 0;
}
