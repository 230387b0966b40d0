/* placeholder: replaced by the table-driven disassembler */
#include "sim/disasm.h"
int disasm_insn(char *buf, size_t len, uint32_t w, uint64_t pc)
{ (void)pc; return snprintf(buf, len, ".long 0x%08x", w); }
int disasm_file(const char *path, FILE *out)
{ (void)out; fprintf(stderr, "alphasim: %s: disassembler not built\n", path); return 1; }
