/*
 * an_asm.h - a small assembler for the analysis tests: instruction words
 * from the one instruction table (isa/isa.h's isa_encode), labels with
 * fix-ups, and the image a program is loaded into.
 */
#ifndef TESTS_AN_ASM_H
#define TESTS_AN_ASM_H

#include <stdint.h>
#include <string.h>
#include "analysis/lib/image.h"
#include "isa/isa.h"

/* Integer registers by their software names. */
enum { V0 = 0, T0 = 1, T1, T2, T3, T4, T5, T6, T7, S0 = 9, A0 = 16, A1, A2, A3,
       T8 = 22, T9, RA = 26, T12 = 27, AT = 28, GP = 29, SP = 30, ZERO = 31 };

#define PROG_MAX 512
#define LABELS 32

struct prog {
	uint64_t base;
	uint32_t w[PROG_MAX];
	size_t n;
	long label[LABELS];
	struct { size_t at; int label; unsigned bits; } fix[PROG_MAX];
	size_t nfix;
};

static inline void prog_init(struct prog *p, uint64_t base)
{
	memset(p, 0, sizeof *p);
	p->base = base;
	for (int k = 0; k < LABELS; k++)
		p->label[k] = -1;
}

static inline size_t emit(struct prog *p, uint32_t w)
{
	p->w[p->n] = w;
	return p->n++;
}

/* Label k is the next instruction. */
static inline void here(struct prog *p, int k)
{
	p->label[k] = (long)p->n;
}

static inline uint64_t addr_of(const struct prog *p, int k)
{
	return p->base + 4 * (uint64_t)p->label[k];
}

/* op ra, rb, rc */
static inline size_t opr(struct prog *p, unsigned op, unsigned ra, unsigned rb, unsigned rc)
{
	return emit(p, isa_encode(op, ra, rb, rc, 0));
}

/* op ra, #lit, rc */
static inline size_t lit(struct prog *p, unsigned op, unsigned ra, unsigned l, unsigned rc)
{
	return emit(p, isa_encode(op, ra, 0, rc, 0) | 1u << 12 | (l & 0xff) << 13);
}

/* op ra, disp(rb) */
static inline size_t mem(struct prog *p, unsigned op, unsigned ra, int disp, unsigned rb)
{
	return emit(p, isa_encode(op, ra, rb, 0, 0) | ((uint32_t)disp & 0xffff));
}

/* op ra, label (branches: the displacement is fixed up by prog_done) */
static inline size_t bra(struct prog *p, unsigned op, unsigned ra, int label)
{
	p->fix[p->nfix].at = p->n;
	p->fix[p->nfix].label = label;
	p->fix[p->nfix++].bits = 21;
	return emit(p, isa_encode(op, ra, 0, 0, 0));
}

/* op ra, (rb), hint: the hint names a label, or none when label < 0 */
static inline size_t jmp(struct prog *p, unsigned op, unsigned ra, unsigned rb, int label)
{
	if (label >= 0) {
		p->fix[p->nfix].at = p->n;
		p->fix[p->nfix].label = label;
		p->fix[p->nfix++].bits = 14;
	}
	return emit(p, isa_encode(op, ra, rb, 0, 0));
}

/* A displacement in instructions from index at + 1 to an address (for
 * targets outside the program). */
static inline size_t bra_to(struct prog *p, unsigned op, unsigned ra, uint64_t target)
{
	int64_t d = ((int64_t)target - (int64_t)(p->base + 4 * (p->n + 1))) / 4;
	return emit(p, isa_encode(op, ra, 0, 0, 0) | ((uint32_t)d & 0x1fffff));
}

static inline void prog_done(struct prog *p)
{
	for (size_t k = 0; k < p->nfix; k++) {
		long d = p->label[p->fix[k].label] - (long)(p->fix[k].at + 1);
		p->w[p->fix[k].at] |= (uint32_t)d & ((1u << p->fix[k].bits) - 1);
	}
}

/* Add the program's words to im as an executable segment. */
static inline void prog_seg(struct prog *p, struct an_image *im)
{
	prog_done(p);
	unsigned char b[4 * PROG_MAX];
	for (size_t i = 0; i < p->n; i++)
		for (int k = 0; k < 4; k++)
			b[4 * i + k] = (unsigned char)(p->w[i] >> (8 * k));
	an_image_add_seg(im, p->base, 0, b, 4 * p->n, true);
}

/* An image holding the program as one procedure "p" (finished). */
static inline bool prog_image(struct prog *p, struct an_image *im)
{
	an_image_init(im);
	prog_seg(p, im);
	return an_image_add_proc(im, "p", p->base, 4 * p->n) && an_image_finish(im);
}

#endif
