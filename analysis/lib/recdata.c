/*
 * recdata.c - a record's data address named (analysis/lib/recdata.h).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/lib/recdata.h"

/* minios's user address space, as Linux/Alpha lays it out
 * (docs/minios.md, "Memory"): a program at 0x1_2000_0000 with its heap
 * above, the 8 MB stack just below it, mmap from 0x200_0000_0000 to the
 * top of user space; the kernel in the superpage. */
#define PROG_BASE  0x120000000ull
#define STACK_SIZE (8ull << 20)
#define MMAP_BASE  0x20000000000ull
#define USER_TOP   0x40000000000ull
#define KSEG       0xfffffc0000000000ull

static bool learn(struct an_recdata *d, uint32_t pid, uint32_t image, uint64_t pc,
                  uint64_t off)
{
	for (size_t i = 0; i < d->nbias; i++)
		if (d->bias[i].pid == pid && d->bias[i].image == image)
			return true;
	uint64_t v;
	if (!datasyms_vaddr(&d->syms[image], off, &v))
		return true;
	struct an_recdata_bias *b = realloc(d->bias, (d->nbias + 1) * sizeof *b);
	if (!b)
		return false;
	d->bias = b;
	d->bias[d->nbias++] = (struct an_recdata_bias){ pid, image, pc - v };
	return true;
}

bool an_recdata_init(struct an_recdata *d, const struct pmrec_stream *s,
                     const struct report_paths *paths, const char *tool)
{
	memset(d, 0, sizeof *d);
	d->s = s;
	d->syms = calloc(s->nimg + 1, sizeof *d->syms);
	d->have = calloc(s->nimg + 1, sizeof *d->have);
	bool *tried = calloc(s->nimg + 1, sizeof *tried);
	bool ok = d->syms && d->have && tried;
	for (size_t k = 0; ok && k < s->n; k++) {
		const struct pmrec *e = &s->rec[k];
		uint32_t i = e->image;
		if (i == PMREC_NO_IMAGE)
			continue;
		if (!tried[i]) {
			tried[i] = true;
			struct report_image im = { .kind = (enum prof_kind)s->img[i].kind,
			                           .id = s->img[i].id };
			snprintf(im.path, sizeof im.path, "%s", s->img[i].path);
			char file[PATH_MAX], err[PROF_ERR_MAX + PATH_MAX];
			d->have[i] = report_image_file(paths, &im, file, sizeof file, err, sizeof err) &&
			             datasyms_load(&d->syms[i], file, err, sizeof err);
			if (!d->have[i])
				fprintf(stderr, "%s: warning: %s\n", tool, err);
		}
		if (d->have[i])
			ok = learn(d, e->r.ctx, i, e->r.pc, e->offset);
	}
	free(tried);
	if (!ok)
		an_recdata_free(d);
	return ok;
}

void an_recdata_free(struct an_recdata *d)
{
	for (size_t i = 0; d->have && i < d->s->nimg; i++)
		if (d->have[i])
			datasyms_free(&d->syms[i]);
	free(d->syms);
	free(d->have);
	free(d->bias);
	memset(d, 0, sizeof *d);
}

static const char *base(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

const char *an_recdata_name(const struct an_recdata *d, const struct pmrec *e, char *buf,
                            size_t len)
{
	uint64_t ea = e->r.ea;
	if (!ea) {
		snprintf(buf, len, "%s", "");
		return buf;
	}
	/* an image's data in this process, by its load address here */
	for (size_t i = 0; i < d->nbias; i++) {
		const struct an_recdata_bias *b = &d->bias[i];
		if (b->pid != e->r.ctx)
			continue;
		const struct datasyms *y = &d->syms[b->image];
		uint64_t a = ea - b->bias;
		if (!datasyms_in_data(y, a))
			continue;
		const char *img = base(d->s->img[b->image].path);
		/* past a sized object's end is none of it (the GOT, padding,
		 * what no symbol names); an object of no stated size holds
		 * what follows it */
		long k = datasyms_find(y, a);
		if (k < 0 || (y->sym[k].size && a - y->sym[k].addr >= y->sym[k].size))
			snprintf(buf, len, "%s:(data)", img);
		else if (a == y->sym[k].addr || y->sym[k].size)
			snprintf(buf, len, "%s:%s", img, y->sym[k].name);
		else
			snprintf(buf, len, "%s:%s+0x%llx", img, y->sym[k].name,
			         (unsigned long long)(a - y->sym[k].addr));
		return buf;
	}
	const char *what = ea >= KSEG ? "kernel"
	                 : ea < PROG_BASE && ea >= PROG_BASE - STACK_SIZE ? "stack"
	                 : ea >= PROG_BASE && ea < MMAP_BASE ? "heap"
	                 : ea >= MMAP_BASE && ea < USER_TOP ? "mmap" : "other";
	snprintf(buf, len, "%s", what);
	return buf;
}
