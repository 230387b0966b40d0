/*
 * view.c - the live view's window, keys and picture (sim/view.h).
 *
 * The machine runs in frames of `speed` cycles: most of a frame at full
 * speed (machine_run up to VIEW_STRIP cycles before its end), the rest
 * one instruction at a time, so that the issue strip sees each
 * instruction's issue cycle (struct cpu's clock after it: chip/timing.h).
 * The run itself is the same: machine_run's limits only end its slices
 * between instructions, where the run goes on as it would have.
 */
#include "config.h"
#include "sim/view.h"
#include "sim/viewdraw.h"
#include "platform/machine.h"
#include "util/outfile.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

#define FRAME_MS 33                     /* about 30 frames a second          */
#define SPEED_MIN 256                   /* cycles a frame: the slowest ...   */
#define SPEED_MAX (1ull << 26)          /* ... the fastest                   */
#define SPEED_DEFAULT (1ull << 16)
#define BLOCK_MAX 4096                  /* a block step stops after this     */
#define REACHED STOP_BUDGET             /* advance got to its cycle          */

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
	uint64_t speed;
	bool paused, quit;
	const char *state;
	char *text;                          /* the picture's text chunk      */
};

struct view *view_open(const struct view_cfg *cfg, char *err, size_t errlen)
{
	struct view *v = xcalloc(1, sizeof *v);
	v->cfg = *cfg;
	v->speed = SPEED_DEFAULT;
	v->state = "running";
	/* the window first: without a display nothing else is done */
	if (cfg->window) {
		/* SDL falls back to drivers that show nothing (offscreen,
		 * dummy): a window there would wait for keys nobody can press */
		bool shown = getenv("DISPLAY") || getenv("WAYLAND_DISPLAY");
		SDL_SetHint(SDL_HINT_VIDEODRIVER, getenv("DISPLAY") ? "x11" : "wayland");
		bool ok = shown && SDL_Init(SDL_INIT_VIDEO) == 0;
		v->sdl = ok;
		const char *drv = ok ? SDL_GetCurrentVideoDriver() : NULL;
		if (!ok || !drv || !strcmp(drv, "offscreen") || !strcmp(drv, "dummy")) {
			snprintf(err, errlen, "--view: no display to open a window on (%s); "
			         "--view-png FILE --view-at CYCLE draws the picture without one",
			         shown && !ok ? SDL_GetError() : "no DISPLAY or WAYLAND_DISPLAY");
			view_free(v);
			return NULL;
		}
		v->win = SDL_CreateWindow("alphasim --view", SDL_WINDOWPOS_UNDEFINED,
		                          SDL_WINDOWPOS_UNDEFINED, VIEW_WIDTH,
		                          viewdraw_height(cfg->ncpus), 0);
		if (!v->win) {
			snprintf(err, errlen, "--view: cannot open a window (%s)", SDL_GetError());
			view_free(v);
			return NULL;
		}
	}
	v->fb = SDL_CreateRGBSurfaceWithFormat(0, VIEW_WIDTH, viewdraw_height(cfg->ncpus), 32,
	                                       SDL_PIXELFORMAT_RGB888);
	if (!v->fb) {
		snprintf(err, errlen, "--view: out of host memory");
		view_free(v);
		return NULL;
	}
	if (TTF_Init() != 0 || !(v->ttf = true) ||
	    !(v->font = TTF_OpenFont(VIEW_FONT, 12))) {
		snprintf(err, errlen, "--view: cannot load the font %s (%s)", VIEW_FONT,
		         TTF_GetError());
		view_free(v);
		return NULL;
	}
	if (cfg->png && !outfile_open(&v->out, cfg->png, err, errlen)) {
		char why[PATH_MAX + 256];
		snprintf(why, sizeof why, "--view-png: %s", err);
		snprintf(err, errlen, "%s", why);
		view_free(v);
		return NULL;
	}
	return v;
}

struct pmu_tracer view_attach(struct view *v, struct machine *m, const struct truth *truth,
                              const struct report_paths *paths, const struct pmu_tracer *next)
{
	v->m = m;
	v->truth = truth;
	viewmodel_init(&v->vm, m, paths, v->cfg.program, next);
	v->attached = true;
	return viewmodel_tracer(&v->vm);
}

/* ---- running ----------------------------------------------------------- */

/* Have all running CPUs' clocks reached t? */
static bool reached(const struct machine *m, uint64_t t)
{
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (!(m->halted >> i & 1) && cpu_cycles(m->bus.cpu[i]) < t)
			return false;
	return true;
}

static uint64_t clock_of(const struct machine *m)
{
	uint64_t t = UINT64_MAX;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (!(m->halted >> i & 1) && cpu_cycles(m->bus.cpu[i]) < t)
			t = cpu_cycles(m->bus.cpu[i]);
	return t == UINT64_MAX ? 0 : t;
}

/* One instruction (of whichever CPU's turn it is), watched; REACHED or
 * why the machine stopped.  *jumped: it changed the flow of control. */
static enum cpu_stop step(struct view *v, uint64_t max_insns, uint64_t max_cycles, bool *jumped)
{
	struct machine *m = v->m;
	uint64_t pc[MAX_CPUS], n = machine_insns(m) + 1;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		pc[i] = m->bus.cpu[i]->pc;
	if (max_insns && n > max_insns)
		n = max_insns;
	enum cpu_stop why = machine_run(m, n, max_cycles);
	unsigned cpu;
	*jumped = viewmodel_observe(&v->vm, pc, &cpu);
	if (why == STOP_LIMIT && (!max_insns || machine_insns(m) < max_insns))
		return REACHED;
	return why;
}

/* Run until every CPU's clock reaches t, watching the last VIEW_STRIP
 * cycles; REACHED or why the machine stopped. */
static enum cpu_stop advance(struct view *v, uint64_t t, uint64_t max_insns, uint64_t max_cycles)
{
	struct machine *m = v->m;
	if (max_cycles && t > max_cycles)
		t = max_cycles;
	/* machine_run's slices are sized from the last CPI and may pass
	 * their cycle: towards the watched stretch in halving steps, so
	 * they come short of it */
	uint64_t near = t > 4 * VIEW_STRIP ? t - 4 * VIEW_STRIP : 0;
	bool fast = false;
	while (!reached(m, near)) {
		uint64_t now = clock_of(m);
		uint64_t goal = near - now > 2 * VIEW_STRIP ? now + (near - now) / 2 : near;
		enum cpu_stop why = machine_run(m, max_insns, goal);
		if (why != STOP_CYCLES)
			return why;
		fast = true;
	}
	if (fast)
		viewmodel_restart(&v->vm);
	while (!reached(m, t)) {
		bool jumped;
		enum cpu_stop why = step(v, max_insns, max_cycles, &jumped);
		if (why != REACHED)
			return why;
	}
	return t == max_cycles ? STOP_CYCLES : REACHED;
}

/* Instructions up to the end of a basic block (the next change in the
 * flow of control). */
static enum cpu_stop step_block(struct view *v, uint64_t max_insns, uint64_t max_cycles)
{
	bool jumped = false;
	enum cpu_stop why = REACHED;
	for (unsigned k = 0; k < BLOCK_MAX && !jumped && why == REACHED; k++)
		why = step(v, max_insns, max_cycles, &jumped);
	return why;
}

/* ---- the window --------------------------------------------------------- */

static void draw(struct view *v, FILE *text)
{
	const struct view_frame fr = {
		.vm = &v->vm, .truth = v->truth, .program = v->cfg.program, .state = v->state,
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

/* A key: what it asks for.  q or Escape quit; space pauses and runs on;
 * n steps a block (pausing); + and - double and halve the speed. */
enum want { W_NONE, W_QUIT, W_STEP };

static enum want key(struct view *v, SDL_Keycode k)
{
	switch (k) {
	case SDLK_q: case SDLK_ESCAPE:
		return W_QUIT;
	case SDLK_SPACE:
		v->paused = !v->paused;
		break;
	case SDLK_n:
		v->paused = true;
		return W_STEP;
	case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
		if (v->speed < SPEED_MAX)
			v->speed *= 2;
		break;
	case SDLK_MINUS: case SDLK_KP_MINUS:
		if (v->speed > SPEED_MIN)
			v->speed /= 2;
		break;
	}
	return W_NONE;
}

/* The events so far (waiting for one when idle): quit, a step, or none. */
static enum want events(struct view *v, bool idle)
{
	SDL_Event e;
	enum want w = W_NONE;
	bool got = idle ? SDL_WaitEvent(&e) : SDL_PollEvent(&e);
	for (; got && w == W_NONE; got = SDL_PollEvent(&e)) {
		if (e.type == SDL_QUIT)
			w = W_QUIT;
		else if (e.type == SDL_KEYDOWN)
			w = key(v, e.key.keysym.sym);
	}
	return w;
}

/* The picture's text: what the frame drawn now shows (a failure to
 * make it is seen by view_finish). */
static void snapshot(struct view *v)
{
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

static enum cpu_stop live(struct view *v, uint64_t max_insns, uint64_t max_cycles)
{
	enum cpu_stop why = REACHED;
	show(v);
	for (;;) {
		bool done = why != REACHED;
		enum want w = events(v, v->paused || done);
		if (w == W_QUIT)
			break;
		if (done)
			continue;
		uint32_t t0 = SDL_GetTicks();
		if (w == W_STEP)
			why = step_block(v, max_insns, max_cycles);
		else if (!v->paused)
			why = advance(v, clock_of(v->m) + v->speed, max_insns, max_cycles);
		v->state = why != REACHED ? "finished: q quits" : v->paused ? "paused" : "running";
		show(v);
		uint32_t dt = SDL_GetTicks() - t0;
		if (!v->paused && why == REACHED && dt < FRAME_MS)
			SDL_Delay(FRAME_MS - dt);
	}
	if (v->cfg.png)
		snapshot(v);
	if (why == REACHED) {
		v->quit = true;
		why = STOP_CYCLES;
	}
	return why;
}

enum cpu_stop view_run(struct view *v, uint64_t max_insns, uint64_t max_cycles)
{
	if (v->win)
		return live(v, max_insns, max_cycles);
	/* the picture at --view-at, then the rest of the run as without it */
	enum cpu_stop why = advance(v, v->cfg.at, max_insns, max_cycles);
	v->state = why == REACHED ? "at --view-at" : "finished";
	snapshot(v);
	return why == REACHED ? machine_run(v->m, max_insns, max_cycles) : why;
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
