/*
 * disasm.h - the disassembler, generated from isa/insns.def, printing as
 * alpha-linux-gnu-objdump -d does (binutils opcodes/alpha-dis.c): OSF
 * register names, objdump's pseudo-operations, FP qualifiers as suffixes,
 * the 21164 PAL instructions as objdump -m alpha:ev5 names them.
 * docs/isa.md says where and why it differs from objdump.
 */
#ifndef ALPHASIM_DISASM_H
#define ALPHASIM_DISASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Mnemonic and operands of the word w at address pc, objdump style
 * ("ldq\tt12,0(at)"); returns the length written, as snprintf does.
 * Branch targets and jump hints print as bare hex ("2ca60"), as objdump
 * prints them in a file that has symbols. */
int disasm_insn(char *buf, size_t len, uint32_t w, uint64_t pc);

/* Print an address operand into buf (snprintf conventions); ctx is the
 * caller's. */
typedef int (*disasm_addr_fn)(char *buf, size_t len, uint64_t addr,
                              void *ctx);

/* disasm_insn with the caller choosing how address operands print (with
 * a "<symbol+offset>" annotation, or "0x"-prefixed as objdump prints
 * them for a raw binary). */
int disasm_insn_addr(char *buf, size_t len, uint32_t w, uint64_t pc,
                     disasm_addr_fn addr, void *ctx);

/* alphasim --disassemble: every executable section of an ELF file, in
 * objdump -d layout.  Returns 0, or prints a reason and returns non-zero. */
int disasm_file(const char *path, FILE *out);

#endif
