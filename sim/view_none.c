/*
 * view_none.c - sim/view.h in a build without SDL2 (configure found no
 * SDL2, SDL2_ttf, libpng or font): --view and --view-png say so, and no
 * view is ever made for the rest to act on.
 */
#include "sim/view.h"
#include <stdio.h>

struct view *view_open(const struct view_cfg *cfg, char *err, size_t errlen)
{
	(void)cfg;
	snprintf(err, errlen, "--view: this alphasim was built without the view (configure "
	         "found no SDL2, SDL2_ttf, libpng or DejaVu font: docs/view.md)");
	return NULL;
}

struct pmu_tracer view_attach(struct view *v, struct machine *m, const struct truth *truth,
                              const struct report_paths *paths, const char *program,
                              const struct pmu_tracer *next)
{
	(void)v, (void)m, (void)truth, (void)paths, (void)program, (void)next;
	return (struct pmu_tracer){ 0 };
}

enum cpu_stop view_run(struct view *v, uint64_t max_insns, uint64_t max_cycles)
{
	(void)v, (void)max_insns, (void)max_cycles;
	return STOP_NONE;
}

bool view_quit(const struct view *v)
{
	(void)v;
	return false;
}

bool view_finish(struct view *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	return true;
}

void view_free(struct view *v)
{
	(void)v;
}
