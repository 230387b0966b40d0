/*
 * dev_console.c - the console device: guest bytes to the host's stdout
 * (PUTC) or stderr (ERRC), and bytes from the host's stdin (GETC reads
 * the next byte, or all ones at end of input).
 */
#include "platform/dev.h"

uint64_t console_read(struct machine *m, struct cpu *c, uint64_t off,
                      unsigned size)
{
	(void)m; (void)c; (void)size;
	if (off == CON_GETC) {
		int ch = getchar();
		return ch == EOF ? ~0ull : (uint64_t)ch;
	}
	return 0;
}

void console_write(struct machine *m, struct cpu *c, uint64_t off,
                   unsigned size, uint64_t val)
{
	(void)c; (void)size;
	if (off == CON_PUTC)
		putc((int)(val & 0xff), m->con_out);
	else if (off == CON_ERRC)
		putc((int)(val & 0xff), m->con_err);
}
