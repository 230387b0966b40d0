/*
 * callsite.h - the call sites of an image and where they go (docs/
 * tools.md, "dcpicallers"): every BSR and JSR of its procedures, with
 * its target resolved where the code says it statically.
 *
 * A BSR names its target's address.  A JSR goes where its register
 * points; GCC's calls through the global offset table load it just
 * before ("ldq t12,X(gp); jsr ra,(t12)", the Alpha calling standard's
 * procedure value): the slot gp + X is bound by a dynamic relocation to
 * a symbol's name (R_ALPHA_JMP_SLOT, R_ALPHA_GLOB_DAT), or holds an
 * address of the image itself (no relocation in an executable,
 * R_ALPHA_RELATIVE in a shared object).  gp is the procedure's, from
 * GCC's prologue ("ldah gp,X(t12); lda gp,Y(gp)"), else the image's
 * when all its prologues agree.  Any other JSR (a function pointer, a
 * register loaded in another block) is indirect: its target unknown.
 */
#ifndef ANALYSIS_CALLSITE_H
#define ANALYSIS_CALLSITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/lib/image.h"

enum an_call_how {
	AN_CALL_BSR,                 /* BSR: target is the address          */
	AN_CALL_GOT_ADDR,            /* JSR through a slot holding an address
	                                of this image: target               */
	AN_CALL_GOT_SYM,             /* JSR through a slot bound to sym     */
	AN_CALL_INDIRECT,            /* JSR to a target not known statically */
};
extern const char *const an_call_how_name[];

struct an_callsite {
	size_t proc;                 /* the caller, an index in im->proc    */
	uint64_t pc;                 /* the call instruction's address      */
	uint8_t how;                 /* enum an_call_how                    */
	uint64_t target;             /* BSR, GOT_ADDR: the callee's address */
	const char *sym;             /* GOT_SYM: the slot's symbol (owned by
	                                the an_callsites)                   */
};

/* A defined dynamic symbol: a name other images bind calls to. */
struct an_dynsym {
	uint64_t addr;
	char *name;
};

struct an_callsites {
	struct an_callsite *site;    /* in address order                    */
	size_t n;
	struct an_dynsym *def;       /* the image's defined function symbols
	                                of .dynsym, by name                 */
	size_t ndef;
	char **names;                /* the slots' symbol names             */
	size_t nnames;
};

/* The call sites of every procedure of im, read from path (im's file:
 * its dynamic relocations and symbols).  False with one message naming
 * the file. */
bool an_callsites_find(struct an_callsites *cs, const struct an_image *im, const char *path,
                       char *err, size_t errlen);
void an_callsites_free(struct an_callsites *cs);

/* Does a call through a slot bound to name reach [addr, addr + size) of
 * the image whose defined symbols cs has? */
bool an_callsites_defines(const struct an_callsites *cs, const char *name, uint64_t addr,
                          uint64_t size);

#endif
