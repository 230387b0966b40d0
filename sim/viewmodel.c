/*
 * viewmodel.c - what the live view shows (sim/viewmodel.h).
 */
#include "sim/viewmodel.h"
#include "abi/iomap.h"
#include "analysis/lib/image.h"
#include "obs/truth.h"
#include "util/xalloc.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* An image samples landed in, loaded from its host file once. */
struct view_image {
	char guest[PROF_PATH_MAX];   /* the hint's path, or "" for the kernel */
	struct an_image im;
	bool loaded;                 /* false: the file could not be read     */
};

void viewmodel_init(struct view_model *v, struct machine *m, const struct report_paths *paths,
                    const char *program, const struct pmu_tracer *next)
{
	*v = (struct view_model){ .m = m, .paths = *paths, .program = program };
	if (next)
		v->next = *next;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		v->strip[i].now = v->strip[i].from = cpu_cycles(m->bus.cpu[i]);
}

void viewmodel_free(struct view_model *v)
{
	for (size_t i = 0; i < v->nimages; i++)
		an_image_free(&v->images[i].im);
	free(v->images);
	free(v->procs);
}

/* ---- the issue strip --------------------------------------------------- */

void viewmodel_insn(struct view_model *v, unsigned i, uint64_t t)
{
	struct view_strip *s = &v->strip[i];
	if (t > s->now) {
		/* the cycles between issued nothing */
		uint64_t gap = t - s->now < VIEW_STRIP ? t - s->now : VIEW_STRIP;
		for (uint64_t k = t - gap + 1; k <= t; k++)
			s->slots[k % VIEW_STRIP] = 0;
		s->now = t;
	}
	if (s->slots[t % VIEW_STRIP] < 255)
		s->slots[t % VIEW_STRIP]++;
}

unsigned viewmodel_slots(const struct view_model *v, unsigned i, uint64_t t)
{
	const struct view_strip *s = &v->strip[i];
	if (t < s->from || t > s->now || s->now - t >= VIEW_STRIP)
		return 0;
	return s->slots[t % VIEW_STRIP];
}

/* ---- where a sample landed --------------------------------------------- */

/* The image whose guest path is guest ("" the kernel), loaded on first use;
 * NULL if its file cannot be read (its samples count for the image). */
static struct view_image *image_of(struct view_model *v, const char *guest)
{
	for (size_t i = 0; i < v->nimages; i++)
		if (!strcmp(v->images[i].guest, guest))
			return &v->images[i];
	if (!xalloc_room((void **)&v->images, v->nimages, sizeof *v->images))
		return NULL;
	struct view_image *vi = &v->images[v->nimages++];
	*vi = (struct view_image){ 0 };
	snprintf(vi->guest, sizeof vi->guest, "%s", guest);
	struct report_image ri = { .kind = *guest ? PROF_USER : PROF_KERNEL };
	snprintf(ri.path, sizeof ri.path, "%s", guest);
	char file[PATH_MAX], err[PATH_MAX + 256];
	an_image_init(&vi->im);
	vi->loaded = report_image_file(&v->paths, &ri, file, sizeof file, err, sizeof err) &&
	             an_image_load(&vi->im, file, err, sizeof err);
	return vi;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* The row of (image, procedure index), made on first use. */
static long proc_row(struct view_model *v, const void *image, long index, const char *name)
{
	for (size_t i = 0; i < v->nprocs; i++)
		if (v->procs[i].image == image && v->procs[i].index == index &&
		    (image || !strcmp(v->procs[i].name, name)))
			return (long)i;
	if (!xalloc_room((void **)&v->procs, v->nprocs, sizeof *v->procs))
		return -1;
	struct view_proc *p = &v->procs[v->nprocs];
	*p = (struct view_proc){ .image = image, .index = index };
	snprintf(p->name, sizeof p->name, "%s", name);
	return (long)v->nprocs++;
}

/* The procedure of pc in image vi at file offset off (a kernel PC is its
 * own address: off is the VA). */
static long proc_in(struct view_model *v, struct view_image *vi, uint64_t va, bool program)
{
	char name[96];
	const char *img = *vi->guest ? base_name(vi->guest) : "minios";
	long p = vi->loaded ? an_image_proc_at(&vi->im, va) : -1;
	if (p < 0) {
		snprintf(name, sizeof name, "[%.80s]", img);
		return proc_row(v, NULL, -1, name);
	}
	/* the program's own procedures by name alone, the others' with
	 * their image, as dcpiprof lists them */
	if (program)
		snprintf(name, sizeof name, "%s", vi->im.proc[p].name);
	else
		snprintf(name, sizeof name, "%.60s [%.30s]", vi->im.proc[p].name, img);
	return proc_row(v, vi, p, name);
}

/* Where a sample delivered at pc on CPU cpu landed: the kernel's
 * procedure (the upper half of the address space), else the image the
 * running address space mapped there, by the latest image hint for its
 * ASN (docs/platform.md "simctl"). */
static long landed(struct view_model *v, unsigned cpu, uint64_t pc)
{
	if (pc & 1)
		return proc_row(v, NULL, -1, "[PAL]");
	if (pc >> 63) {
		struct view_image *vi = image_of(v, "");
		return vi ? proc_in(v, vi, pc, false) : -1;
	}
	const struct machine *m = v->m;
	uint64_t asn = (m->bus.cpu[cpu]->ipr[IPR_ITB_ASN] >> 4) & 0x7f;
	for (size_t i = m->nhints; i-- > 0;) {
		const struct machine_hint *h = &m->hints[i];
		if (h->kind != SIMCTL_HINT_IMAGE || h->asn != asn || pc < h->base ||
		    pc - h->base >= h->size)
			continue;
		struct view_image *vi = image_of(v, h->path);
		uint64_t va;
		if (!vi)
			return -1;
		if (!vi->loaded || !an_image_off2va(&vi->im, pc - h->base + h->offset, &va))
			va = UINT64_MAX;
		bool program = v->program && !strcmp(base_name(h->path), base_name(v->program));
		return proc_in(v, vi, va, program);
	}
	return proc_row(v, NULL, -1, "[unknown]");
}

static void row(void *arg, const struct pmu_trace *t)
{
	struct view_model *v = arg;
	struct view_overflow *o = &v->over[v->nover++ % VIEW_MARKS];
	*o = (struct view_overflow){
		.cpu = t->cpu, .ctr = t->ctr, .event = t->q->event, .fate = t->fate,
		.deferred = t->q->deferred, .overflow_cycle = t->q->overflow_cycle,
		.deliver_cycle = t->deliver_cycle, .cause_pc = t->q->cause_pc,
		.delivered_pc = t->delivered_pc, .proc = -1,
	};
	v->fate[t->fate]++;
	if (t->fate == PMU_DELIVERED)
		o->proc = landed(v, t->cpu, t->delivered_pc);
	if (v->next.row)
		v->next.row(v->next.arg, t);
}

/* PALcode took counter ctr's request for the handler (HWINT_CLR): the
 * sample is the handler's, at EXC_ADDR, as the driver records it, which
 * is not always the delivered PC of that counter's overflow (docs/pmu.md,
 * "Overflow and delivery"): counted here, the procedures' samples are
 * the database's. */
static void ack(void *arg, unsigned cpu, int ctr)
{
	struct view_model *v = arg;
	long p = landed(v, cpu, v->m->bus.cpu[cpu]->ipr[IPR_EXC_ADDR]);
	v->samples++;
	if (p >= 0)
		v->procs[p].samples++;
	if (v->next.ack)
		v->next.ack(v->next.arg, cpu, ctr);
}

struct pmu_tracer viewmodel_tracer(struct view_model *v)
{
	return (struct pmu_tracer){ .row = row, .arg = v, .ack = ack };
}

/* ---- the listings ------------------------------------------------------- */

static int by_samples(const void *a, const void *b)
{
	const struct view_proc *const *x = a, *const *y = b;
	if ((*x)->samples != (*y)->samples)
		return (*x)->samples < (*y)->samples ? 1 : -1;
	return strcmp((*x)->name, (*y)->name);
}

size_t viewmodel_top(const struct view_model *v, const struct view_proc **out, size_t n)
{
	/* (a place an overflow was delivered at has a row before, or
	 * without, a sample there) */
	const struct view_proc **all = xcalloc(v->nprocs + 1, sizeof *all);
	size_t have = 0;
	for (size_t i = 0; i < v->nprocs; i++)
		if (v->procs[i].samples)
			all[have++] = &v->procs[i];
	qsort(all, have, sizeof *all, by_samples);
	size_t k = have < n ? have : n;
	memcpy(out, all, k * sizeof *out);
	free(all);
	return k;
}

struct sums {
	uint64_t *cause, cycles, insns;
};

static void add_page(const struct truth_page *p, void *arg)
{
	struct sums *s = arg;
	for (unsigned k = 0; k < PAGE_INSNS; k++) {
		s->cycles += p->head[k];
		s->insns += p->count[k];
	}
	for (unsigned c = 0; c < TC_N; c++)
		for (unsigned k = 0; k < PAGE_INSNS; k++)
			s->cause[c] += p->cause[c][k];
}

void viewmodel_breakdown(const struct truth *t, uint64_t cause[TC_N], uint64_t *cycles,
                         uint64_t *insns)
{
	memset(cause, 0, TC_N * sizeof *cause);
	struct sums s = { cause, 0, 0 };
	truth_each(t, add_page, &s);
	*cycles = s.cycles;
	*insns = s.insns;
}
