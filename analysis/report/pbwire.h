/*
 * pbwire.h - the protocol buffers wire format, the part a writer needs
 * ("Protocol Buffers: Encoding", protobuf.dev): a message is a sequence
 * of fields, each a key (field number << 3 | wire type) as a varint,
 * then a varint (wire type 0) or a length and that many bytes (wire
 * type 2: strings, nested messages, packed repeated numbers).  int64 and
 * uint64 are varints of their 64 bits (a negative int64 takes ten
 * bytes).  dcpiexport writes pprof's profile.proto with it
 * (analysis/report/pprof.h).
 */
#ifndef ANALYSIS_PBWIRE_H
#define ANALYSIS_PBWIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growing byte buffer; oom is set (and stays) when memory ran out,
 * after which appends do nothing: check it once at the end. */
struct pbuf {
	unsigned char *b;
	size_t n, cap;
	bool oom;
};

void pb_free(struct pbuf *p);
void pb_raw(struct pbuf *p, const void *data, size_t len);
void pb_varint(struct pbuf *p, uint64_t v);

/* Field number f as a varint (uint64, int64, bool, enum). */
void pb_uint(struct pbuf *p, unsigned f, uint64_t v);
/* Field f length-delimited: a string, or a nested message's bytes. */
void pb_bytes(struct pbuf *p, unsigned f, const void *data, size_t len);
static inline void pb_msg(struct pbuf *p, unsigned f, const struct pbuf *m)
{
	pb_bytes(p, f, m->b, m->n);
}
/* Repeated field f of n varints, packed (proto3's encoding of repeated
 * numbers; decoders take it for proto2's unpacked fields too). */
void pb_packed(struct pbuf *p, unsigned f, const uint64_t *v, size_t n);

#endif
