/*
 * palfor.c - PAL cycles on behalf of an instruction (chip/palfor.h).
 */
#include "chip/palfor.h"

void palfor_enter(struct palfor *p, uint32_t space, uint64_t pc, bool kernel, unsigned why,
                  uint64_t enter)
{
	if (p->n == PALFOR_DEPTH) {
		p->dropped += p->f[0].cycles;
		for (unsigned i = 1; i < p->n; i++)
			p->f[i - 1] = p->f[i];
		p->n--;
	}
	p->f[p->n++] = (struct palfor_frame){ pc, 0, space, (uint8_t)why, kernel };
	p->enter = enter;
}

bool palfor_leave(struct palfor *p, uint32_t space, uint64_t pc, uint64_t t,
                  struct palfor_frame *out)
{
	if (!p->n) {                 /* PAL mode since reset */
		p->dropped += t - p->enter;
		return false;
	}
	p->f[p->n - 1].cycles += t - p->enter;
	unsigned j = p->n;
	while (j-- > 0)
		if (p->f[j].space == space && (p->f[j].pc == pc || p->f[j].pc + 4 == pc))
			break;
	if (j >= p->n)
		return false;
	*out = p->f[j];
	/* the kernel's frames above it were opened on the way back to it;
	 * a process's (another's, switched to since) wait for their return */
	unsigned k = j;
	for (unsigned i = j + 1; i < p->n; i++) {
		if (p->f[i].kernel)
			out->cycles += p->f[i].cycles;
		else
			p->f[k++] = p->f[i];
	}
	p->n = k;
	return true;
}

uint64_t palfor_owed(const struct palfor *p, bool in_pal, uint64_t now)
{
	uint64_t v = p->dropped + (in_pal && now > p->enter ? now - p->enter : 0);
	for (unsigned i = 0; i < p->n; i++)
		v += p->f[i].cycles;
	return v;
}
