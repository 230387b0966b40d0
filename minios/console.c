/*
 * console.c - the console and simctl devices (docs/platform.md), and the
 * kernel's printf.  Kernel messages go to the host's standard error, so
 * a program's standard output stays its own.
 */
#include "minios/defs.h"

#define IOREG(pa) (*(volatile uint64_t *)P2V(pa))
#define CONSOLE(reg) IOREG(IO_CONSOLE + (reg))
#define SIMCTL(reg)  IOREG(IO_SIMCTL + (reg))

/* n bytes to the host's standard error (stream 2) or output; they reach
 * the host file before this returns (so the two streams keep the order
 * they were written in), and the answer is 0 or -errno of the host's
 * write that failed (ENOSPC on /dev/full, ...), as write(2) answers. */
int cons_write(int stream, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (stream == 2)
			CONSOLE(CON_ERRC) = (unsigned char)s[i];
		else
			CONSOLE(CON_PUTC) = (unsigned char)s[i];
	}
	return -(int)(stream == 2 ? CONSOLE(CON_ERRSYNC) : CONSOLE(CON_OUTSYNC));
}

/* Up to n bytes of standard input, stopping after a newline; 0 at end. */
int64_t cons_read(char *buf, size_t n)
{
	size_t i = 0;
	while (i < n) {
		uint64_t c = CONSOLE(CON_GETC);
		if (c == ~0ull)
			break;
		buf[i++] = (char)c;
		if (c == '\n')
			break;
	}
	return (int64_t)i;
}

_Noreturn void machine_exit(int status)
{
	SIMCTL(SIMCTL_EXIT) = (uint64_t)(status & 0xff);
	for (;;)
		;
}

/* Before the exit: process 1 was killed by a signal another process
 * sent, so that alphasim can tell a profiling daemon the program killed
 * from one that failed (docs/usage.md, "Exit status"). */
void machine_killer(int pid)
{
	SIMCTL(SIMCTL_KILLER) = (uint64_t)pid;
}

uint64_t machine_cycles(void) { return SIMCTL(SIMCTL_CYCLES); }

/* A context hint: this CPU now runs process pid in address space asn
 * (docs/platform.md "simctl", for the ground truth). */
void hint_context(int pid, uint32_t asn)
{
	SIMCTL(SIMCTL_PID) = (uint64_t)pid;
	SIMCTL(SIMCTL_ASN) = asn;
	SIMCTL(SIMCTL_HINT) = SIMCTL_HINT_CONTEXT;
}

/* ---- formatting: %d %i %u %x %p %s %c %%, with l/ll/z, width, '0' and '-' */

struct out { char *buf; size_t size, len; };

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_num(struct out *o, uint64_t v, unsigned base, bool neg,
                    int width, char pad, bool left)
{
	char tmp[24];
	int n = 0;
	do {
		uint64_t r;
		v = base == 16 ? (r = v & 15, v >> 4) : udiv(v, 10, &r);
		tmp[n++] = "0123456789abcdef"[r];
	} while (v);
	if (neg)
		tmp[n++] = '-';
	int fill = width > n ? width - n : 0;
	for (int i = 0; !left && i < fill; i++)
		put(o, pad);
	while (n)
		put(o, tmp[--n]);
	for (int i = 0; left && i < fill; i++)
		put(o, ' ');
}

static void vformat(struct out *o, const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			put(o, *fmt);
			continue;
		}
		bool left = false, lng = false;
		char pad = ' ';
		int width = 0;
		if (*++fmt == '-') {
			left = true;
			fmt++;
		}
		if (*fmt == '0') {
			pad = '0';
			fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l' || *fmt == 'z') {
			lng = true;
			fmt++;
		}
		switch (*fmt) {
		case 'd': case 'i': {
			int64_t v = lng ? va_arg(ap, int64_t) : va_arg(ap, int);
			put_num(o, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, 10, v < 0,
			        width, pad, left);
			break;
		}
		case 'u': case 'x':
			put_num(o, lng ? va_arg(ap, uint64_t) : va_arg(ap, unsigned),
			        *fmt == 'x' ? 16 : 10, false, width, pad, left);
			break;
		case 'p':
			put(o, '0');
			put(o, 'x');
			put_num(o, (uint64_t)va_arg(ap, void *), 16, false, 0, ' ', false);
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);
			size_t n = strlen(s ? s : "(null)");
			for (size_t i = n; !left && (int)i < width; i++)
				put(o, ' ');
			for (const char *q = s ? s : "(null)"; *q; q++)
				put(o, *q);
			for (size_t i = n; left && (int)i < width; i++)
				put(o, ' ');
			break;
		}
		case 'c':
			put(o, (char)va_arg(ap, int));
			break;
		case '%':
			put(o, '%');
			break;
		default:
			return;
		}
	}
}

/* Into buf[n], cut short and terminated; the whole length, as
 * vsnprintf answers (ISO C 7.21.6.12). */
static size_t vksnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
	struct out o = { buf, n, 0 };
	vformat(&o, fmt, ap);
	if (n)
		buf[o.len < n ? o.len : n - 1] = 0;
	return o.len;
}

int ksnprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t len = vksnprintf(buf, n, fmt, ap);
	va_end(ap);
	return (int)len;
}

/* A kernel message of up to 255 bytes (more is cut). */
#define KMSG 256

void kprintf(const char *fmt, ...)
{
	char buf[KMSG];
	va_list ap;
	va_start(ap, fmt);
	size_t len = vksnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	cons_write(2, buf, len < sizeof buf ? len : sizeof buf - 1);
}

/* A best-effort backtrace: without frame pointers (Alpha's calling
 * standard keeps none), scan this kernel stack, from sp to the end of
 * its 8 KB page, for words that look like return addresses: inside
 * the kernel's text and just after a JSR or BSR. */
extern char _start[], __bss_start[];
static void backtrace(void)
{
	uint64_t sp;
	__asm__ volatile("mov $30, %0" : "=r"(sp));
	kprintf("minios: backtrace (return addresses found on the stack):");
	int n = 0;
	for (uint64_t *w = (uint64_t *)sp; (uint64_t)w < PGUP(sp + 8) && n < 16; w++) {
		uint64_t v = *w;
		if (v & 3 || v < (uint64_t)_start + 4 || v >= (uint64_t)__bss_start)
			continue;
		uint32_t insn = *(const uint32_t *)(v - 4);
		if ((insn >> 26 == 0x1a && (insn >> 14 & 3) == 1) || insn >> 26 == 0x34) {
			kprintf(" 0x%lx", v);
			n++;
		}
	}
	kprintf("\n");
}

/* A kernel panic: the message, the CPU, where panic was called, a
 * backtrace; the machine stops with status 255. */
_Noreturn void panic(const char *fmt, ...)
{
	char buf[KMSG];
	va_list ap;
	va_start(ap, fmt);
	vksnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	swpipl(IPL_HIGH);
	kprintf("minios: panic on cpu %lu: %s\n", whami(), buf);
	kprintf("minios: panic called from pc 0x%lx\n",
	        (uint64_t)__builtin_return_address(0));
	backtrace();
	machine_exit(255);
}
