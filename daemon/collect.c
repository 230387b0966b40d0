/*
 * collect.c - samples to per-image, per-event tables; tables to profiles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "daemon/collect.h"
#include "daemon/events.h"
#include "daemon/profdb.h"

void collect_init(struct collect *c)
{
	memset(c, 0, sizeof *c);
	imagemap_init(&c->map);
}

void collect_free(struct collect *c)
{
	for (size_t i = 0; i < c->ntab; i++)
		if (c->tab[i]) {
			ct_free(c->tab[i]);
			free(c->tab[i]);
		}
	free(c->tab);
	free(c->rec);
	free(c->place);
	imagemap_free(&c->map);
	collect_init(c);
}

void collect_image(struct collect *c, const struct pcount_image *r)
{
	if (imagemap_event(&c->map, r))
		c->st.loader_events++;
	else
		c->st.loader_bad++;
}

/* The table of (image, event), image -1 for unknown; NULL: no memory. */
static struct counttab *table(struct collect *c, long image, unsigned ev)
{
	size_t i = (size_t)(image + 1) * PCOUNT_PM_END + ev;
	if (i >= c->ntab) {
		size_t n = (c->map.nimg + 1) * PCOUNT_PM_END;
		if (n <= i)
			n = i + 1;
		struct counttab **t = realloc(c->tab, n * sizeof *t);
		if (!t)
			return NULL;
		memset(t + c->ntab, 0, (n - c->ntab) * sizeof *t);
		c->tab = t;
		c->ntab = n;
	}
	if (!c->tab[i] && (c->tab[i] = malloc(sizeof *c->tab[i])))
		ct_init(c->tab[i]);
	return c->tab[i];
}

void collect_samples(struct collect *c, const struct pcount_sample *s, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		c->st.entries++;
		c->st.samples += s[k].count;
		if (!dcpi_event_name(s[k].event)) {
			c->st.samples_bad += s[k].count;
			continue;
		}
		uint32_t image;
		uint64_t off;
		bool known = imagemap_lookup(&c->map, s[k].pid, s[k].pc, &image, &off);
		struct counttab *t = table(c, known ? (long)image : -1, s[k].event);
		if (!t || !(known ? ct_add(t, 0, off, s[k].count)
		                  : ct_add(t, s[k].pid, s[k].pc, s[k].count)))
			c->st.samples_lost += s[k].count;
	}
}

/* The header of table i's profile: its image, or the unknown profile. */
static void describe(const struct collect *c, size_t i, struct prof *p)
{
	size_t image = i / PCOUNT_PM_END;
	unsigned ev = (unsigned)(i % PCOUNT_PM_END);
	prof_init(p);
	if (image) {
		const struct im_image *im = &c->map.img[image - 1];
		snprintf(p->path, sizeof p->path, "%s", im->path);
		p->kind = im->kernel ? PROF_KERNEL : PROF_USER;
		p->id = im->id;
		p->text_off = im->text_off;
		p->text_size = im->text_size;
	} else {
		snprintf(p->path, sizeof p->path, "%s", PROF_UNKNOWN_PATH);
		p->kind = PROF_UNKNOWN;
		p->id = PROF_UNKNOWN_ID;
	}
	snprintf(p->event, sizeof p->event, "%s", dcpi_event_name(ev));
	p->period = c->ev[ev].period;
	p->monitored = c->ev[ev].monitored;
	p->elapsed = c->ev[ev].elapsed;
}

bool collect_flush(struct collect *c, const char *dir, char *err, size_t errlen)
{
	bool ok = true;
	char msg[PROF_ERR_MAX];
	for (size_t i = 0; i < c->ntab; i++) {
		struct counttab *t = c->tab[i];
		if (!t || !t->n)
			continue;
		struct prof p;
		describe(c, i, &p);
		size_t bytes;
		bool done = ct_to_prof(t, &p);
		if (!done)
			snprintf(msg, sizeof msg, "out of memory writing %s", p.path);
		else
			done = profdb_write(dir, &p, &bytes, msg, sizeof msg);
		if (done) {
			c->st.files++;
			c->st.bytes += bytes;
			*(p.kind == PROF_UNKNOWN ? &c->st.samples_unknown : &c->st.samples_in_db)
				+= t->samples;
		} else {
			c->st.samples_lost += t->samples;
			if (ok)
				snprintf(err, errlen, "%s", msg);
			ok = false;
		}
		prof_free(&p);
		ct_clear(t);
	}
	c->st.flushes++;
	return ok;
}

struct pm_record *collect_records_room(struct collect *c, size_t max)
{
	if (c->nrec + max > c->caprec) {
		size_t cap = c->caprec ? c->caprec : 256;
		while (cap < c->nrec + max)
			cap *= 2;
		struct pm_record *r = realloc(c->rec, cap * sizeof *r);
		if (r)
			c->rec = r;
		struct pmrec_place *p = r ? realloc(c->place, cap * sizeof *p) : NULL;
		if (!p)
			return NULL;
		c->place = p;
		c->caprec = cap;
	}
	return c->rec + c->nrec;
}

void collect_records_add(struct collect *c, size_t n, uint32_t cpu)
{
	c->st.records += n;
	for (size_t k = c->nrec; k < c->nrec + n; k++) {
		struct pmrec_place *p = &c->place[k];
		uint32_t image;
		uint64_t off;
		p->cpu = cpu;
		if (imagemap_lookup(&c->map, c->rec[k].ctx, c->rec[k].pc, &image, &off)) {
			p->image = image;
			p->offset = off;
		} else {
			p->image = PMREC_NO_IMAGE;
			p->offset = c->rec[k].pc;
		}
	}
	c->nrec += n;
}

void collect_records(struct collect *c, const struct pm_record *r, size_t n, uint32_t cpu)
{
	struct pm_record *to = collect_records_room(c, n);
	if (!to) {
		collect_records_lost(c, n);
		return;
	}
	memcpy(to, r, n * sizeof *r);
	collect_records_add(c, n, cpu);
}

void collect_records_lost(struct collect *c, size_t n)
{
	c->st.records += n;
	c->st.records_lost += n;
}

bool collect_records_full(const struct collect *c)
{
	return c->nrec >= COLLECT_REC_BATCH;
}

/* The segment's images: those of map.img its records fall in, in the
 * order first met; each record's image renumbered to its place there. */
bool collect_records_write(struct collect *c, const char *dir, uint64_t period, char *err,
                           size_t errlen)
{
	if (!c->nrec)
		return true;
	uint32_t *at = malloc((c->map.nimg + 1) * sizeof *at);
	struct pmrec_image *img = calloc(c->map.nimg + 1, sizeof *img);
	bool ok = at && img;
	uint32_t nimg = 0;
	for (size_t i = 0; ok && i < c->map.nimg; i++)
		at[i] = PMREC_NO_IMAGE;
	for (size_t k = 0; ok && k < c->nrec; k++) {
		uint32_t i = c->place[k].image;
		if (i == PMREC_NO_IMAGE)
			continue;
		if (at[i] == PMREC_NO_IMAGE) {
			const struct im_image *im = &c->map.img[i];
			img[nimg].id = im->id;
			img[nimg].kind = im->kernel ? PROF_KERNEL : PROF_USER;
			snprintf(img[nimg].path, sizeof img[nimg].path, "%s", im->path);
			at[i] = nimg++;
		}
		c->place[k].image = at[i];
	}
	if (!ok)
		snprintf(err, errlen, "out of memory writing %s/%s", dir, PMREC_FILE);
	else
		ok = pmrec_append(dir, img, nimg, c->rec, c->place, (uint32_t)c->nrec, period, err,
		                  errlen);
	*(ok ? &c->st.records_in_stream : &c->st.records_lost) += c->nrec;
	c->nrec = 0;
	free(at);
	free(img);
	return ok;
}

void collect_reap(struct collect *c)
{
	imagemap_reap(&c->map);
}
