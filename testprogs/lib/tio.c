/*
 * tio.c - see tio.h.  Output is buffered and flushed by tio_flush, at a
 * newline when the buffer is nearly full, and before exit.
 */
#include "tio.h"

static char obuf[4096];
static size_t olen;

void tio_flush(void)
{
	if (olen)
		tio_write(obuf, olen);
	olen = 0;
}

static void emit(char **p, char *end, char ch)
{
	if (*p < end)
		*(*p)++ = ch;
}

int tio_vsnprintf(char *buf, size_t len, const char *fmt, va_list ap)
{
	char *p = buf, *end = buf + (len ? len - 1 : 0);
	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			emit(&p, end, *fmt);
			continue;
		}
		int zero = 0, left = 0, width = 0, lng = 0;
		for (fmt++;; fmt++) {
			if (*fmt == '0') zero = 1;
			else if (*fmt == '-') left = 1;
			else break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l') {
			lng++;
			fmt++;
		}
		char tmp[24], *t = tmp + sizeof tmp;
		const char *s = NULL;
		size_t n;
		int neg = 0;
		switch (*fmt) {
		case 'd': case 'u': case 'x': {
			unsigned long long v;
			if (*fmt == 'd') {
				long long sv = lng ? va_arg(ap, long long) : va_arg(ap, int);
				neg = sv < 0;
				v = neg ? 0ull - (unsigned long long)sv : (unsigned long long)sv;
			} else
				v = lng ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned);
			/* Constant divisors: the compiler multiplies instead of
			 * calling the (slow, bare-metal) division helpers. */
			if (*fmt == 'x')
				do {
					*--t = "0123456789abcdef"[v & 15];
					v >>= 4;
				} while (v);
			else
				do {
					*--t = (char)('0' + v % 10);
					v /= 10;
				} while (v);
			if (neg)
				*--t = '-';
			s = t;
			n = (size_t)(tmp + sizeof tmp - t);
			break;
		}
		case 'c':
			tmp[0] = (char)va_arg(ap, int);
			s = tmp;
			n = 1;
			break;
		case 's':
			s = va_arg(ap, const char *);
			for (n = 0; s[n]; n++)
				;
			break;
		default:
			emit(&p, end, '%');
			if (!*fmt)
				goto out;
			emit(&p, end, *fmt);
			continue;
		}
		int pad = width > (int)n ? width - (int)n : 0;
		if (!left && zero && neg) {
			emit(&p, end, '-');
			s++;
			n--;
		}
		if (!left)
			while (pad--)
				emit(&p, end, zero ? '0' : ' ');
		for (size_t i = 0; i < n; i++)
			emit(&p, end, s[i]);
		if (left)
			while (pad-- > 0)
				emit(&p, end, ' ');
	}
out:
	if (len)
		*p = 0;
	return (int)(p - buf);
}

int tio_printf(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	int n = tio_vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (olen + (size_t)n > sizeof obuf)
		tio_flush();
	for (int i = 0; i < n; i++)
		obuf[olen++] = line[i];
	return n;
}
