# isa/: the Alpha instruction set (docs/isa.md, docs/fp.md): the table
# that drives decode, execution dispatch, disassembly and timing class;
# IEEE arithmetic; Alpha ELF files.
noinst_LIBRARIES += isa/libisa.a
isa_libisa_a_SOURCES = isa/isa.h isa/isa.c isa/insns.def \
	isa/disasm.h isa/disasm.c isa/disasm_file.c isa/palcall.def \
	isa/fpu.h isa/fpu.c isa/elf.h isa/elf.c
isa_libisa_a_CFLAGS = $(AM_CFLAGS) -O2 $(LIBELF_CFLAGS)
