/*
 * dev_console.c - the console device: guest bytes to the host's stdout
 * (PUTC) or stderr (ERRC), and bytes from the host's stdin (GETC reads
 * the next byte, or all ones at end of input).  OUTSYNC and ERRSYNC
 * complete a write: what the guest wrote so far reaches the host file
 * now, and the answer is 0 or the (Linux/Alpha) errno of a host write
 * that failed since the last sync (docs/platform.md).
 */
#include <errno.h>
#include <stdio_ext.h>
#include "platform/dev.h"
#include "platform/hostfs.h"

/* Stream i (0 out, 1 err) to the host; its first error since the last
 * sync (a Linux/Alpha errno), whose bytes are dropped as a failed
 * write(2) drops them. */
static uint64_t console_sync(struct machine *m, unsigned i)
{
	FILE *f = i ? m->con_err : m->con_out;
	if (fflush(f) != 0 && !m->con_errno[i])
		m->con_errno[i] = errno ? errno : EIO;
	int err = m->con_errno[i];
	if (err) {
		__fpurge(f);
		clearerr(f);
		m->con_errno[i] = 0;
	}
	return err ? (uint64_t)-hostfs_errno(err) : 0;
}

uint64_t console_read(struct machine *m, struct cpu *c, uint64_t off,
                      unsigned size)
{
	(void)c; (void)size;
	if (off == CON_GETC) {
		int ch = getchar();
		return ch == EOF ? ~0ull : (uint64_t)ch;
	}
	if (off == CON_OUTSYNC || off == CON_ERRSYNC)
		return console_sync(m, off == CON_ERRSYNC);
	return 0;
}

void console_write(struct machine *m, struct cpu *c, uint64_t off,
                   unsigned size, uint64_t val)
{
	(void)c; (void)size;
	if (off != CON_PUTC && off != CON_ERRC)
		return;
	unsigned i = off == CON_ERRC;
	if (m->observer)
		m->observer->console(m->observer->arg);
	if (putc((int)(val & 0xff), i ? m->con_err : m->con_out) == EOF && !m->con_errno[i])
		m->con_errno[i] = errno ? errno : EIO;
}
