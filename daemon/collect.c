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

void collect_reap(struct collect *c)
{
	imagemap_reap(&c->map);
}
