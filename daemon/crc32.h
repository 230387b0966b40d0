/*
 * crc32.h - the CRC-32 of IEEE 802.3 (and zlib, PNG): the checksum that
 * ends every profile file (docs/dcpi-db.md), so that a corrupt or
 * truncated profile is detected rather than read.
 */
#ifndef DAEMON_CRC32_H
#define DAEMON_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* The CRC of n bytes at p continuing crc (0 to start); crc32("123456789")
 * is 0xcbf43926, the standard check value. */
uint32_t crc32_update(uint32_t crc, const void *p, size_t n);

#endif
