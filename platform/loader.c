/*
 * loader.c - bare-metal images: telling one, and loading it into physical
 * memory (the file is opened and checked by isa/elf.c).
 *
 * A bare-metal image (testprogs/rt) is linked at kseg addresses, the
 * 21164 superpage (VA<42:41> = 2 maps PA<39:0>); its segments are copied to
 * the physical addresses the superpage gives.
 */
#include "platform/loader.h"
#include "util/fail.h"
#include <gelf.h>
#include <libelf.h>
#include <string.h>

bool loader_is_bare(struct elf_file *f)
{
	return elf_entry(f) >= KSEG_BASE;
}

bool loader_load_bare(struct elf_file *f, struct machine *m, uint64_t *entry,
                      char *err, size_t errlen)
{
	const char *path = elf_path(f);
	Elf *elf = elf_handle(f);
	uint64_t e_entry = elf_entry(f);
	size_t n;
	bool entry_loaded = false;
	elf_getphdrnum(elf, &n);
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		gelf_getphdr(elf, (int)i, &ph);
		if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
			continue;
		if ((ph.p_flags & PF_X) && e_entry - ph.p_vaddr < ph.p_memsz)
			entry_loaded = true;
		if (ph.p_vaddr < KSEG_BASE)
			FAIL("%s: segment %zu at 0x%llx is outside the kseg superpage",
			     path, i, (unsigned long long)ph.p_vaddr);
		uint64_t pa = KSEG_PA(ph.p_vaddr);
		if (pa + ph.p_memsz > m->bus.mem_size || pa + ph.p_memsz < pa)
			FAIL("%s: segment %zu (0x%llx bytes at PA 0x%llx) does not fit in "
			     "%llu MB of memory", path, i, (unsigned long long)ph.p_memsz,
			     (unsigned long long)pa,
			     (unsigned long long)(m->bus.mem_size >> 20));
		if (!elf_read(f, ph.p_offset, m->bus.ram + pa, ph.p_filesz))
			FAIL("%s: cannot read segment %zu", path, i);
		memset(m->bus.ram + pa + ph.p_filesz, 0, ph.p_memsz - ph.p_filesz);
	}
	if (!entry_loaded)
		FAIL("%s: the entry point 0x%llx is in no executable segment", path,
		     (unsigned long long)e_entry);
	*entry = e_entry;
	return true;
}
