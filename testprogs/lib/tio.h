/*
 * tio.h - tiny formatted output for test programs, compiled both for
 * bare-metal alphasim programs and for Linux programs run under
 * qemu-alpha, so that the two produce byte-identical text.
 */
#ifndef TIO_H
#define TIO_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Supplied by the platform: bare (testprogs/rt) or Linux (tio_linux.c). */
void tio_write(const char *s, size_t n);

/* printf subset: %d %u %x %c %s %%, flags '0' and '-', a width, and the
 * length modifiers l and ll (all 64-bit on Alpha). */
int tio_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tio_vsnprintf(char *buf, size_t len, const char *fmt, va_list ap);
void tio_flush(void);

#endif
