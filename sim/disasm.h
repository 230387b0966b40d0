/*
 * disasm.h - the disassembler, generated from sim/insns.def, printing as
 * alpha-linux-gnu-objdump -d does.
 */
#ifndef ALPHASIM_DISASM_H
#define ALPHASIM_DISASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Mnemonic and operands of the word w at address pc, objdump style
 * ("ldq\tt12,0(at)"); returns the length written. */
int disasm_insn(char *buf, size_t len, uint32_t w, uint64_t pc);

/* alphasim --disassemble: every executable section of an ELF file, in
 * objdump -d layout.  Returns 0, or prints a reason and returns non-zero. */
int disasm_file(const char *path, FILE *out);

#endif
