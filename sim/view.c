/*
 * view.c - the live view's window, keys and picture (sim/view.h).
 *
 * The view watches every instruction of the timed CPUs (struct
 * cpu_watch, chip/cpu.h: the one hook it has in the timing loop) and
 * draws from inside it: a frame every `speed` cycles, the picture at
 * --view-at.  machine_run is called once, as without the view, so the
 * run is the same run (its slices, which decide when a timer tick is
 * taken, are machine_run's own); pausing waits inside the hook.
 */
#include "config.h"
#include "sim/view.h"
#include "sim/viewdraw.h"
#include "platform/machine.h"
#include "util/outfile.h"
#include "util/xalloc.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_MS 33                     /* about 30 frames a second          */
#define SPEED_MIN 256                   /* cycles a frame: the slowest ...   */
#define SPEED_MAX (1ull << 26)          /* ... the fastest                   */
#define SPEED_DEFAULT (1ull << 16)

struct view {
	struct view_cfg cfg;
	SDL_Window *win;
	SDL_Surface *fb;
	TTF_Font *font;
	bool ttf, sdl, attached;
	struct outfile out;
	struct view_model vm;
	const struct truth *truth;
	struct machine *m;
	const char *program;
	struct cpu_watch watch;
	uint64_t speed;
	uint64_t next;                       /* the cycle of the next frame   */
	bool paused, stepping, quit, finished;
	const char *state;
	char *text;                          /* the picture's text chunk      */
};

/* The window (with --view), the frame buffer, the font and the
 * picture's file; false with one line in err. */
static bool open_parts(struct view *v, char *err, size_t errlen)
{
	const struct view_cfg *cfg = &v->cfg;
	/* the window first: without a display nothing else is done */
	if (cfg->window) {
		/* SDL falls back to drivers that show nothing (offscreen,
		 * dummy): a window there would wait for keys nobody can press */
		bool shown = getenv("DISPLAY") || getenv("WAYLAND_DISPLAY");
		SDL_SetHint(SDL_HINT_VIDEODRIVER, getenv("DISPLAY") ? "x11" : "wayland");
		/* the frame is drawn in software and copied to the window's
		 * own surface: without this SDL puts a GL texture behind that
		 * surface and, to get one, destroys the window it has shown
		 * and makes it again (twice under Xvfb), so whoever found the
		 * first (xdotool in tests/view_live.sh) holds a dead window */
		SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
		bool ok = v->sdl = shown && SDL_Init(SDL_INIT_VIDEO) == 0;
		const char *drv = ok ? SDL_GetCurrentVideoDriver() : NULL;
		if (!ok || !drv || !strcmp(drv, "offscreen") || !strcmp(drv, "dummy")) {
			snprintf(err, errlen, "--view: no display to open a window on (%s); "
			         "--view-png FILE --view-at CYCLE draws the picture without one",
			         shown && !ok ? SDL_GetError() : "no DISPLAY or WAYLAND_DISPLAY");
			return false;
		}
		v->win = SDL_CreateWindow("alphasim --view", SDL_WINDOWPOS_UNDEFINED,
		                          SDL_WINDOWPOS_UNDEFINED, VIEW_WIDTH,
		                          viewdraw_height(cfg->ncpus), 0);
		if (!v->win) {
			snprintf(err, errlen, "--view: cannot open a window (%s)", SDL_GetError());
			return false;
		}
	}
	v->fb = SDL_CreateRGBSurfaceWithFormat(0, VIEW_WIDTH, viewdraw_height(cfg->ncpus), 32,
	                                       SDL_PIXELFORMAT_RGB888);
	if (!v->fb) {
		snprintf(err, errlen, "--view: out of host memory");
		return false;
	}
	if (TTF_Init() != 0 || !(v->ttf = true) ||
	    !(v->font = TTF_OpenFont(VIEW_FONT, 12))) {
		snprintf(err, errlen, "--view: cannot load the font %s (%s)", VIEW_FONT,
		         TTF_GetError());
		return false;
	}
	char why[PATH_MAX + 256];
	if (cfg->png && !outfile_open(&v->out, cfg->png, why, sizeof why)) {
		snprintf(err, errlen, "--view-png: %s", why);
		return false;
	}
	return true;
}

struct view *view_open(const struct view_cfg *cfg, char *err, size_t errlen)
{
	struct view *v = xcalloc(1, sizeof *v);
	*v = (struct view){ .cfg = *cfg, .speed = SPEED_DEFAULT, .state = "running" };
	if (open_parts(v, err, errlen))
		return v;
	view_free(v);
	return NULL;
}

struct pmu_tracer view_attach(struct view *v, struct machine *m, const struct truth *truth,
                              const struct report_paths *paths, const char *program,
                              const struct pmu_tracer *next)
{
	v->m = m;
	v->truth = truth;
	v->program = program;
	viewmodel_init(&v->vm, m, paths, program, next);
	v->attached = true;
	return viewmodel_tracer(&v->vm);
}

/* ---- the window --------------------------------------------------------- */

static void draw(struct view *v, FILE *text)
{
	const struct view_frame fr = {
		.vm = &v->vm, .truth = v->truth, .program = v->program, .state = v->state,
		.speed = v->win ? v->speed : 0,
	};
	viewdraw(v->fb, v->font, &fr, text);
}

static void show(struct view *v)
{
	draw(v, NULL);
	SDL_Surface *ws = SDL_GetWindowSurface(v->win);
	if (ws) {
		SDL_BlitSurface(v->fb, NULL, ws, NULL);
		SDL_UpdateWindowSurface(v->win);
	}
}

/* A key.  q or Escape quit; space pauses and runs on; n runs to the
 * end of the block and pauses there; + and - double and halve the speed. */
static void key(struct view *v, SDL_Keycode k)
{
	switch (k) {
	case SDLK_q: case SDLK_ESCAPE:
		v->quit = true;
		break;
	case SDLK_SPACE:
		v->paused = !v->paused;
		break;
	case SDLK_n:
		v->paused = v->stepping = true;
		break;
	case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
		if (v->speed < SPEED_MAX)
			v->speed *= 2;
		break;
	case SDLK_MINUS: case SDLK_KP_MINUS:
		if (v->speed > SPEED_MIN)
			v->speed /= 2;
		break;
	}
}

/* The events so far; while paused (and not stepping), waiting for the
 * key that ends the pause. */
static void events(struct view *v)
{
	SDL_Event e;
	for (;;) {
		bool wait = v->paused && !v->stepping && !v->quit;
		if (!(wait ? SDL_WaitEvent(&e) : SDL_PollEvent(&e)))
			return;
		if (e.type == SDL_QUIT)
			v->quit = true;
		else if (e.type == SDL_KEYDOWN) {
			key(v, e.key.keysym.sym);
			if (!v->finished)
				v->state = v->paused ? "paused" : "running";
			show(v);
		} else if (e.type == SDL_WINDOWEVENT)
			show(v);
	}
}

/* The picture's text: what the frame drawn now shows (a failure to
 * make it is seen by view_finish). */
static void snapshot(struct view *v)
{
	free(v->text);
	v->text = NULL;
	size_t len;
	FILE *t = open_memstream(&v->text, &len);
	if (!t)
		return;
	draw(v, t);
	if (fclose(t)) {
		free(v->text);
		v->text = NULL;
	}
}

static void unwatch(struct view *v)
{
	for (unsigned i = 0; i < v->m->bus.ncpus; i++)
		v->m->bus.cpu[i]->watch = NULL;
}

/* After each instruction (struct cpu_watch): the strip; then a frame
 * every speed cycles, or at the end of a stepped block; or the picture
 * at --view-at, after which nothing more is watched. */
static void on_insn(void *arg, struct cpu *c, uint64_t pc, uint64_t npc, uint64_t t)
{
	struct view *v = arg;
	viewmodel_insn(&v->vm, c->id, t);
	bool block_end = v->stepping && npc != pc + 4;
	if (t < v->next && !block_end)
		return;
	if (!v->win) {
		v->state = "at --view-at";
		snapshot(v);
		unwatch(v);
		return;
	}
	uint32_t t0 = SDL_GetTicks();
	if (block_end)
		v->stepping = false;
	v->state = v->paused ? "paused" : "running";
	show(v);
	events(v);
	if (v->quit) {
		cpu_request_stop(c, STOP_CYCLES);
		unwatch(v);
		return;
	}
	v->next = t + v->speed;
	uint32_t dt = SDL_GetTicks() - t0;
	if (!v->paused && dt < FRAME_MS)
		SDL_Delay(FRAME_MS - dt);
}

enum cpu_stop view_run(struct view *v, uint64_t max_insns, uint64_t max_cycles)
{
	v->watch = (struct cpu_watch){ on_insn, v };
	for (unsigned i = 0; i < v->m->bus.ncpus; i++)
		v->m->bus.cpu[i]->watch = &v->watch;
	v->next = v->win ? 0 : v->cfg.at;
	enum cpu_stop why = machine_run(v->m, max_insns, max_cycles);
	unwatch(v);
	if (why == STOP_CYCLES && v->quit) {
		if (v->cfg.png)
			snapshot(v);
		return why;
	}
	/* the run ended first: the picture shows the end; the window stays
	 * until the user quits (or closes now, --view-exit), and the picture
	 * is its last frame */
	v->state = v->win && !v->cfg.exit ? "finished: q quits" : "finished";
	v->finished = true;
	if (v->win) {
		v->paused = true;
		v->stepping = false;
		show(v);
		while (!v->cfg.exit && !v->quit)
			events(v);
		v->quit = false;
	}
	if (v->cfg.png && (v->win || !v->text))
		snapshot(v);
	return why;
}

bool view_quit(const struct view *v)
{
	return v->quit;
}

bool view_finish(struct view *v, char *err, size_t errlen)
{
	if (!v->cfg.png)
		return true;
	if (!v->text || !viewdraw_png(v->out.f, v->fb, v->text)) {
		snprintf(err, errlen, "%s: cannot draw the picture (out of host memory)",
		         v->cfg.png);
		outfile_abort(&v->out);
		return false;
	}
	return outfile_commit(&v->out, err, errlen);
}

void view_free(struct view *v)
{
	if (!v)
		return;
	outfile_abort(&v->out);
	free(v->text);
	if (v->attached)
		viewmodel_free(&v->vm);
	if (v->fb)
		SDL_FreeSurface(v->fb);
	if (v->win)
		SDL_DestroyWindow(v->win);
	if (v->font)
		TTF_CloseFont(v->font);
	if (v->ttf)
		TTF_Quit();
	if (v->sdl)
		SDL_Quit();
	free(v);
}
