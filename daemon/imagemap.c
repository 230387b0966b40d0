/*
 * imagemap.c - the images seen, and per process its executable mappings
 * sorted by address (binary search per sample).
 */
#include <stdlib.h>
#include <string.h>
#include "daemon/imagemap.h"

void imagemap_init(struct imagemap *m)
{
	memset(m, 0, sizeof *m);
}

void imagemap_free(struct imagemap *m)
{
	for (size_t i = 0; i < m->nproc; i++)
		free(m->proc[i].map);
	free(m->proc);
	free(m->img);
	imagemap_init(m);
}

/* Room for one more element of size sz in *v holding n of cap. */
static bool room(void **v, size_t n, size_t *cap, size_t sz)
{
	if (n < *cap)
		return true;
	size_t c = *cap ? 2 * *cap : 8;
	void *p = realloc(*v, c * sz);
	if (!p)
		return false;
	*v = p;
	*cap = c;
	return true;
}

/* The image with this identity and path, added if new; -1: no memory. */
static long image_index(struct imagemap *m, const struct pcount_image *r)
{
	char path[PCOUNT_PATH_MAX];
	memcpy(path, r->path, sizeof path);
	path[sizeof path - 1] = 0;
	bool kernel = r->kind == PCOUNT_IMG_KERNEL;
	for (size_t i = 0; i < m->nimg; i++)
		if (m->img[i].id == r->id && m->img[i].kernel == kernel &&
		    !strcmp(m->img[i].path, path))
			return (long)i;
	if (!room((void **)&m->img, m->nimg, &m->capimg, sizeof *m->img))
		return -1;
	struct im_image *im = &m->img[m->nimg];
	memset(im, 0, sizeof *im);
	im->id = r->id;
	im->kernel = kernel;
	memcpy(im->path, path, sizeof path);
	return (long)m->nimg++;
}

static void widen_text(struct im_image *im, uint64_t off, uint64_t size)
{
	if (!im->text_size) {
		im->text_off = off;
		im->text_size = size;
		return;
	}
	uint64_t lo = off < im->text_off ? off : im->text_off;
	uint64_t hi = im->text_off + im->text_size;
	if (off + size > hi)
		hi = off + size;
	im->text_off = lo;
	im->text_size = hi - lo;
}

static struct im_proc *find_proc(struct imagemap *m, uint32_t pid)
{
	if (m->last < m->nproc && m->proc[m->last].pid == pid)
		return &m->proc[m->last];
	for (size_t i = 0; i < m->nproc; i++)
		if (m->proc[i].pid == pid) {
			m->last = i;
			return &m->proc[i];
		}
	return NULL;
}

static struct im_proc *add_proc(struct imagemap *m, uint32_t pid)
{
	struct im_proc *p = find_proc(m, pid);
	if (p)
		return p;
	if (!room((void **)&m->proc, m->nproc, &m->capproc, sizeof *m->proc))
		return NULL;
	p = &m->proc[m->nproc++];
	memset(p, 0, sizeof *p);
	p->pid = pid;
	return p;
}

/* Insert mp into p's sorted list, removing the mappings it overlaps. */
static bool add_map(struct im_proc *p, struct im_map mp)
{
	size_t out = 0;
	for (size_t i = 0; i < p->n; i++)
		if (p->map[i].base + p->map[i].size <= mp.base ||
		    mp.base + mp.size <= p->map[i].base)
			p->map[out++] = p->map[i];
	p->n = out;
	if (!room((void **)&p->map, p->n, &p->cap, sizeof *p->map))
		return false;
	size_t at = p->n;
	while (at && p->map[at - 1].base > mp.base) {
		p->map[at] = p->map[at - 1];
		at--;
	}
	p->map[at] = mp;
	p->n++;
	return true;
}

bool imagemap_event(struct imagemap *m, const struct pcount_image *r)
{
	switch (r->kind) {
	case PCOUNT_IMG_EXIT: {
		struct im_proc *p = find_proc(m, r->pid);
		if (p)
			p->exited = true;
		return true;
	}
	case PCOUNT_IMG_EXEC: case PCOUNT_IMG_MMAP: case PCOUNT_IMG_SCAN:
	case PCOUNT_IMG_KERNEL:
		break;
	default:
		return false;
	}
	if (!r->size || r->base + r->size < r->base || r->offset + r->size < r->offset)
		return false;
	long img = image_index(m, r);
	if (img < 0)
		return false;
	widen_text(&m->img[img], r->offset, r->size);
	struct im_map mp = { r->base, r->size, r->offset, (uint32_t)img };
	if (r->kind == PCOUNT_IMG_KERNEL) {
		m->kernel = mp;
		return true;
	}
	struct im_proc *p = add_proc(m, r->pid);
	if (!p)
		return false;
	if (r->kind == PCOUNT_IMG_EXEC) {
		/* a new program: the old address space is gone */
		p->n = 0;
		p->exited = false;
	}
	return add_map(p, mp);
}

static bool in(const struct im_map *mp, uint64_t pc, uint32_t *image, uint64_t *offset)
{
	if (pc < mp->base || pc - mp->base >= mp->size)
		return false;
	*image = mp->image;
	*offset = pc - mp->base + mp->offset;
	return true;
}

bool imagemap_lookup(struct imagemap *m, uint32_t pid, uint64_t pc,
                     uint32_t *image, uint64_t *offset)
{
	if (pc >= IMAGEMAP_KSEG)
		return in(&m->kernel, pc, image, offset);
	struct im_proc *p = find_proc(m, pid);
	if (!p || !p->n)
		return false;
	/* the last mapping starting at or below pc */
	size_t lo = 0, hi = p->n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (p->map[mid].base <= pc)
			lo = mid;
		else
			hi = mid;
	}
	return in(&p->map[lo], pc, image, offset);
}

void imagemap_reap(struct imagemap *m)
{
	size_t out = 0;
	for (size_t i = 0; i < m->nproc; i++) {
		if (m->proc[i].exited)
			free(m->proc[i].map);
		else
			m->proc[out++] = m->proc[i];
	}
	m->nproc = out;
	m->last = 0;
}
