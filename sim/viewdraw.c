/*
 * viewdraw.c - the live view's picture (sim/viewdraw.h).  Everything is
 * at fixed places, so that a test can find a panel's pixels from the
 * geometry the text chunk gives.
 */
#include "sim/viewdraw.h"
#include "obs/truth.h"
#include <png.h>
#include <stdarg.h>
#include <string.h>

enum {
	M = 8,                       /* margin                                */
	LINE = 16,                   /* a line of text                        */
	STRIP_Y = 46,                /* the first CPU's strip                 */
	STRIP_X = 56,
	PITCH = 3, CELL = 2,         /* a cycle's column, its filled width    */
	SLOT_H = 6, SLOT_FILL = 5,   /* a slot's row, its filled height       */
	MARK_DY = VIEW_SLOTS * SLOT_H + 1, MARK_H = 8,
	CPU_H = MARK_DY + MARK_H + 7,
	BAR_W = 100,                 /* the longest procedure's bar           */
	RIGHT_X = 470,               /* the breakdown, right of the procedures */
	RIGHT_W = VIEW_WIDTH - M - RIGHT_X,
	CAUSE_BAR_H = 14,
	CAUSE_COLS = 2,
	CAUSE_ROWS = (TC_N + CAUSE_COLS - 1) / CAUSE_COLS,
	/* the breakdown's height: two lines of head, the bar, the legend */
	CAUSE_H = 2 * LINE + 2 + CAUSE_BAR_H + 6 + CAUSE_ROWS * LINE,
	PROCS_H = (VIEW_PROCS + 1) * LINE,
	PANELS_H = CAUSE_H > PROCS_H ? CAUSE_H : PROCS_H,
};

static const SDL_Color text_fg = { 0xe0, 0xe0, 0xe0, 0xff };
static const SDL_Color head_fg = { 0x80, 0xc0, 0xff, 0xff };
/* the strip's cells and marks (the tests look for these exact colours) */
static const Uint8 c_bg[3] = { 0x10, 0x10, 0x14 }, c_empty[3] = { 0x30, 0x30, 0x38 },
                   c_unseen[3] = { 0x1c, 0x1c, 0x20 }, c_slot[3] = { 0x40, 0xd0, 0x40 },
                   c_over[3] = { 0xff, 0x40, 0x40 }, c_deliv[3] = { 0xff, 0xe0, 0x40 },
                   c_skid[3] = { 0xff, 0xa0, 0x40 }, c_bar[3] = { 0x50, 0x80, 0xff };

static void fill(SDL_Surface *s, int x, int y, int w, int h, const Uint8 rgb[3])
{
	SDL_Rect r = { x, y, w, h };
	SDL_FillRect(s, &r, SDL_MapRGB(s->format, rgb[0], rgb[1], rgb[2]));
}

/* The mark of a line cut to fit (U+2026, in DejaVu Sans Mono). */
static const char ellipsis[] = "\xe2\x80\xa6";

/* Draw the text at (x, y) in at most maxw pixels: a line too long is
 * cut at a character and ends in an ellipsis, never clipped by the
 * picture's edge nor drawn over the next panel (docs/view.md, "The
 * picture and its text").  With tx, a "text" line says what was drawn
 * and where (s: the characters shown, the ellipsis left out).  Returns
 * the width drawn. */
__attribute__((format(printf, 8, 9)))
static int text(SDL_Surface *s, TTF_Font *f, FILE *tx, int x, int y, int maxw, SDL_Color fg,
                const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	/* room for the ellipsis after any prefix */
	vsnprintf(buf, sizeof buf - sizeof ellipsis, fmt, ap);
	va_end(ap);
	if (!*buf)
		return 0;
	size_t n = strlen(buf);
	int w = 0;
	bool cut = false;
	if (TTF_SizeUTF8(f, buf, &w, NULL) == 0 && w > maxw) {
		/* the longest prefix of whole characters that fits with the mark */
		cut = true;
		while (n > 0) {
			do
				n--;
			while (n > 0 && (buf[n] & 0xc0) == 0x80);
			memcpy(buf + n, ellipsis, sizeof ellipsis);
			if (TTF_SizeUTF8(f, buf, &w, NULL) == 0 && w <= maxw)
				break;
		}
		if (n == 0)
			TTF_SizeUTF8(f, buf, &w, NULL);
	}
	if (tx)
		fprintf(tx, "text x=%d y=%d w=%d max=%d cut=%d s=%.*s\n", x, y, w, maxw, cut,
		        (int)n, buf);
	/* Solid: no anti-aliasing, so the same frame is the same bytes */
	SDL_Surface *t = TTF_RenderUTF8_Solid(f, buf, fg);
	if (!t)
		return w;
	SDL_Rect at = { x, y, 0, 0 };
	SDL_BlitSurface(t, NULL, s, &at);
	SDL_FreeSurface(t);
	return w;
}

/* Each cause's colour and glyph.  The colours are 22 picked one by one
 * from the sRGB colours of CIELAB lightness 50 to 92 and chroma 30 or
 * more, each the farthest (CIEDE2000: Sharma, Wu and Dalal, "The
 * CIEDE2000 color-difference formula", Color Research and Application
 * 30(1), 2005) from those picked and from the background and the text:
 * any two differ by 16 or more, where 1 is about the least an eye sees.
 * No palette of 22 colours reads to every colour vision, so each cause
 * has a glyph too, in the legend and on the bar's segments wide enough
 * for it (docs/view.md, "What it shows"; tests/view_png.py colours
 * checks both). */
static const struct cause_look {
	Uint8 rgb[3];
	char glyph;
} cause_look[TC_N] = {
	[TC_pal] = { { 0xe6, 0x19, 0x4b }, 'P' },
	[TC_profiling] = { { 0xff, 0x66, 0x99 }, '%' },
	[TC_bmisp] = { { 0xff, 0x44, 0x00 }, 'B' },
	[TC_jmisp] = { { 0xff, 0xaa, 0x33 }, 'J' },
	[TC_itbmiss] = { { 0xbb, 0x77, 0x66 }, 'T' },
	[TC_imiss] = { { 0xee, 0xcc, 0x00 }, 'I' },
	[TC_dtbmiss] = { { 0x99, 0x66, 0x99 }, 'D' },
	[TC_dmiss_s] = { { 0x11, 0xbb, 0xff }, 's' },
	[TC_dmiss_b] = { { 0x00, 0x77, 0xff }, 'b' },
	[TC_dmiss_m] = { { 0x99, 0x55, 0xff }, 'm' },
	[TC_replay] = { { 0xaa, 0xaa, 0xee }, 'R' },
	[TC_wbfull] = { { 0x00, 0x99, 0x99 }, 'W' },
	[TC_mb] = { { 0x88, 0xee, 0xff }, 'M' },
	[TC_dep_int] = { { 0x88, 0xff, 0x00 }, 'i' },
	[TC_dep_cmov] = { { 0x99, 0xbb, 0x88 }, 'c' },
	[TC_dep_load] = { { 0x44, 0x88, 0x00 }, 'l' },
	[TC_dep_imul] = { { 0x00, 0xff, 0xdd }, '*' },
	[TC_dep_fp] = { { 0x99, 0x99, 0x00 }, 'f' },
	[TC_dep_fdiv] = { { 0xbb, 0x77, 0x00 }, '/' },
	[TC_unit] = { { 0xff, 0xbb, 0xdd }, 'U' },
	[TC_slot] = { { 0xff, 0x66, 0xff }, 'S' },
	[TC_idle] = { { 0xff, 0xaa, 0x88 }, 'z' },
};

int viewdraw_height(unsigned ncpus)
{
	return STRIP_Y + (int)ncpus * CPU_H + LINE / 2 + PANELS_H + LINE / 2 +
	       (VIEW_OVERFLOWS + 1) * LINE + 2 * LINE;
}

static uint64_t max_clock(const struct machine *m)
{
	uint64_t t = 0;
	for (unsigned i = 0; i < m->bus.ncpus; i++)
		if (cpu_cycles(m->bus.cpu[i]) > t)
			t = cpu_cycles(m->bus.cpu[i]);
	return t;
}

/* The column of cycle t in a strip, or -1. */
static int column(const struct view_strip *st, uint64_t t)
{
	return t <= st->now && st->now - t < VIEW_STRIP ? VIEW_STRIP - 1 - (int)(st->now - t) : -1;
}

static void draw_strips(SDL_Surface *s, TTF_Font *f, const struct view_frame *fr, FILE *tx)
{
	const struct view_model *v = fr->vm;
	text(s, f, tx, M, STRIP_Y - LINE - 2, VIEW_WIDTH - 2 * M, head_fg,
	     "issue slots used per cycle, the last %d cycles of each CPU (newest right); "
	     "overflow -> delivery below", VIEW_STRIP);
	for (unsigned i = 0; i < v->m->bus.ncpus; i++) {
		const struct view_strip *st = &v->strip[i];
		int y = STRIP_Y + (int)i * CPU_H;
		/* column k is cycle first + k (before cycle 0 at the start of
		 * the run: not watched) */
		uint64_t first = st->now + 1 - VIEW_STRIP, issued = 0, seen = 0;
		text(s, f, tx, M, y + 4, STRIP_X - M, text_fg, "cpu%u", i);
		if (tx)
			fprintf(tx, "strip cpu=%u x=%d y=%d pitch=%d cell=%d slot_h=%d fill=%d "
			        "first=%lld values=", i, STRIP_X, y, PITCH, CELL, SLOT_H, SLOT_FILL,
			        (long long)first);
		for (int k = 0; k < VIEW_STRIP; k++) {
			uint64_t t = first + (uint64_t)k;
			bool watched = t >= st->from && t <= st->now;
			unsigned n = viewmodel_slots(v, i, t);
			for (int sl = 0; sl < VIEW_SLOTS; sl++)
				fill(s, STRIP_X + k * PITCH, y + (VIEW_SLOTS - 1 - sl) * SLOT_H, CELL,
				     SLOT_FILL, !watched ? c_unseen : sl < (int)n ? c_slot : c_empty);
			if (watched) {
				issued += n;
				seen++;
			}
			if (tx)
				fprintf(tx, k ? ",%s" : "%s", watched ? "" : "-");
			if (tx && watched)
				fprintf(tx, "%u", n);
		}
		if (tx)
			fputc('\n', tx);
		text(s, f, tx, STRIP_X + VIEW_STRIP * PITCH + M, y + 4,
		     VIEW_WIDTH - 2 * M - STRIP_X - VIEW_STRIP * PITCH, text_fg, "IPC %.2f",
		     seen ? (double)issued / (double)seen : 0.0);
		/* the overflows of this CPU within the strip: a red tick at the
		 * cycle the counter wrapped, a yellow one where the sample was
		 * delivered, the skid between them */
		int my = y + MARK_DY;
		uint64_t kept = v->nover < VIEW_MARKS ? v->nover : VIEW_MARKS;
		if (tx)
			fprintf(tx, "marks cpu=%u y=%d h=%d overflow=", i, my, MARK_H);
		int n_o = 0;
		for (uint64_t j = v->nover - kept; j < v->nover; j++) {
			const struct view_overflow *o = &v->over[j % VIEW_MARKS];
			int co = column(st, o->overflow_cycle), cd = o->fate == PMU_DELIVERED
				? column(st, o->deliver_cycle) : -1;
			if (o->cpu != i || (co < 0 && cd < 0))
				continue;
			int x0 = STRIP_X + (co < 0 ? 0 : co) * PITCH, x1 = cd < 0 ? -1
				: STRIP_X + cd * PITCH;
			if (x1 > x0)
				fill(s, x0, my + MARK_H / 2, x1 - x0, 1, c_skid);
			if (co >= 0) {
				fill(s, x0, my, CELL, MARK_H, c_over);
				if (tx)
					fprintf(tx, n_o++ ? ",%d" : "%d", co);
			}
			if (x1 >= 0)
				fill(s, x1, my, CELL, MARK_H, c_deliv);
		}
		if (tx)
			fputc('\n', tx);
	}
}

static const char *const fate_name[] = { "delivered", "lost", "cleared" };
/* why delivery waited: for PAL mode to end, for the IPL to drop */
static const char *const defer_name[] = { "", " pal", " ipl" };

/* A PC as the skid trace writes it (0x...), for a column of them. */
struct hexbuf {
	char s[24];
};
static struct hexbuf hex(uint64_t pc)
{
	struct hexbuf h;
	snprintf(h.s, sizeof h.s, "%#llx", (unsigned long long)pc);
	return h;
}

/* The procedures (left of the breakdown). */
static void draw_procs(SDL_Surface *s, TTF_Font *f, const struct view_frame *fr, int y, FILE *tx)
{
	const struct view_model *v = fr->vm;
	const struct view_proc *top[VIEW_PROCS];
	size_t n = viewmodel_top(v, top, VIEW_PROCS);
	uint64_t all = v->samples;
	text(s, f, tx, M, y, RIGHT_X - 3 * M, head_fg, "top procedures by samples (%llu samples)",
	     (unsigned long long)all);
	if (tx)
		fprintf(tx, "procs samples=%llu\n", (unsigned long long)all);
	for (size_t r = 0; r < n; r++) {
		int ry = y + (int)(r + 1) * LINE;
		int w = (int)(top[r]->samples * BAR_W / top[0]->samples);
		fill(s, M, ry + 3, w, 10, c_bar);
		text(s, f, tx, M + BAR_W + 6, ry, RIGHT_X - 3 * M - BAR_W - 6, text_fg,
		     "%7llu %5.1f%%  %s", (unsigned long long)top[r]->samples,
		     all ? 100.0 * (double)top[r]->samples / (double)all : 0.0, top[r]->name);
		if (tx)
			fprintf(tx, "proc rank=%zu samples=%llu x=%d y=%d w=%d name=%s\n", r + 1,
			        (unsigned long long)top[r]->samples, M, ry + 3, w, top[r]->name);
	}
}

/* The longest event name: the overflows' column of them. */
static int event_width(void)
{
	size_t w = 0;
	for (int e = 0; e < PEV_COUNT; e++)
		if (pmu_events[e].name && strlen(pmu_events[e].name) > w)
			w = strlen(pmu_events[e].name);
	return (int)w;
}

/* The overflows, the picture's width under the procedures and the
 * breakdown: a row with two 64-bit PCs, the event, the skid and the
 * procedure needs more than half of it. */
static void draw_overflows(SDL_Surface *s, TTF_Font *f, const struct view_frame *fr, int y,
                           FILE *tx)
{
	const struct view_model *v = fr->vm;
	const int maxw = VIEW_WIDTH - 2 * M, ew = event_width();
	text(s, f, tx, M, y, maxw, head_fg, "counter overflows: %llu (%llu delivered, %llu lost, "
	     "%llu cleared); the newest: CPU, event, cause PC -> delivered PC, skid in cycles, "
	     "procedure", (unsigned long long)v->nover,
	     (unsigned long long)v->fate[PMU_DELIVERED], (unsigned long long)v->fate[PMU_LOST],
	     (unsigned long long)v->fate[PMU_CLEARED]);
	if (tx)
		fprintf(tx, "overflows total=%llu delivered=%llu lost=%llu cleared=%llu\n",
		        (unsigned long long)v->nover, (unsigned long long)v->fate[PMU_DELIVERED],
		        (unsigned long long)v->fate[PMU_LOST],
		        (unsigned long long)v->fate[PMU_CLEARED]);
	uint64_t shown = v->nover < VIEW_OVERFLOWS ? v->nover : VIEW_OVERFLOWS;
	for (uint64_t r = 0; r < shown; r++) {
		const struct view_overflow *o = &v->over[(v->nover - 1 - r) % VIEW_MARKS];
		int ry = y + (int)(r + 1) * LINE;
		const char *where = o->proc >= 0 ? v->procs[o->proc].name : "";
		/* the text line first: the row's own "text" line follows it */
		if (tx)
			fprintf(tx, "overflow cpu=%u ctr=%d event=%s cycle=%llu fate=%s deliver=%llu "
			        "cause_pc=%#llx delivered_pc=%#llx proc=%s\n", o->cpu, o->ctr,
			        pmu_events[o->event].name, (unsigned long long)o->overflow_cycle,
			        fate_name[o->fate], (unsigned long long)o->deliver_cycle,
			        (unsigned long long)o->cause_pc, (unsigned long long)o->delivered_pc,
			        where);
		char skid[48];
		snprintf(skid, sizeof skid, "+%llu%s",
		         (unsigned long long)(o->deliver_cycle - o->overflow_cycle),
		         defer_name[o->deferred]);
		if (o->fate == PMU_DELIVERED)
			text(s, f, tx, M, ry, maxw, text_fg, "cpu%u %-*s %18s -> %-18s %-8s %s",
			     o->cpu, ew, pmu_events[o->event].name, hex(o->cause_pc).s,
			     hex(o->delivered_pc).s, skid, where);
		else
			text(s, f, tx, M, ry, maxw, text_fg, "cpu%u %-*s %18s    %s", o->cpu, ew,
			     pmu_events[o->event].name, hex(o->cause_pc).s, fate_name[o->fate]);
	}
}

/* The CPI and the cycles by cause (right of the procedures): a bar of
 * the causes' shares, each segment in its colour with its glyph where
 * wide enough, and the legend in two columns. */
static void draw_breakdown(SDL_Surface *s, TTF_Font *f, const struct view_frame *fr, int y,
                           FILE *tx)
{
	uint64_t cause[TC_N], cycles, insns;
	viewmodel_breakdown(fr->truth, cause, &cycles, &insns);
	/* every head cycle has its cause (obs/truth.h): the parts add up */
	text(s, f, tx, RIGHT_X, y, RIGHT_W, head_fg, "CPI %.3f from the truth",
	     insns ? (double)cycles / (double)insns : 0.0);
	text(s, f, tx, RIGHT_X, y + LINE, RIGHT_W, head_fg,
	     "%llu cycles, %llu instructions; cycles by cause", (unsigned long long)cycles,
	     (unsigned long long)insns);
	if (tx)
		fprintf(tx, "cpi value=%.3f cycles=%llu insns=%llu\n",
		        insns ? (double)cycles / (double)insns : 0.0, (unsigned long long)cycles,
		        (unsigned long long)insns);
	int by = y + 2 * LINE + 2, x = RIGHT_X, gw = 0;
	TTF_SizeUTF8(f, "M", &gw, NULL);
	uint64_t acc = 0;
	for (unsigned k = 0; k < TC_N; k++) {
		const struct cause_look *c = &cause_look[k];
		acc += cause[k];
		int x1 = RIGHT_X + (int)(cycles ? acc * (uint64_t)RIGHT_W / cycles : 0);
		fill(s, x, by, x1 - x, CAUSE_BAR_H, c->rgb);
		if (x1 - x >= gw + 2) {
			const SDL_Color on = { c_bg[0], c_bg[1], c_bg[2], 0xff };
			text(s, f, NULL, x + (x1 - x - gw) / 2, by - 1, x1 - x, on, "%c", c->glyph);
		}
		x = x1;
	}
	int ly = by + CAUSE_BAR_H + 6, col_w = RIGHT_W / CAUSE_COLS;
	for (unsigned k = 0; k < TC_N; k++) {
		const struct cause_look *c = &cause_look[k];
		int cx = RIGHT_X + (int)(k / CAUSE_ROWS) * col_w, cy = ly + (int)(k % CAUSE_ROWS) * LINE;
		fill(s, cx, cy + 3, 10, 10, c->rgb);
		if (tx)
			fprintf(tx, "cause %s %llu x=%d y=%d rgb=%02x%02x%02x glyph=%c\n",
			        truth_cause_name[k], (unsigned long long)cause[k], cx, cy + 3,
			        c->rgb[0], c->rgb[1], c->rgb[2], c->glyph);
		text(s, f, tx, cx + 14, cy, col_w - 14 - M, text_fg, "%c %-9s %5.1f%%", c->glyph,
		     truth_cause_name[k], cycles ? 100.0 * (double)cause[k] / (double)cycles : 0.0);
	}
}

void viewdraw(SDL_Surface *s, TTF_Font *f, const struct view_frame *fr, FILE *tx)
{
	const struct view_model *v = fr->vm;
	fill(s, 0, 0, s->w, s->h, c_bg);
	uint64_t insns = machine_insns(v->m), cycle = max_clock(v->m);
	char speed[64] = "";
	if (fr->speed)
		snprintf(speed, sizeof speed, "   %llu cycles a frame", (unsigned long long)fr->speed);
	const char *base = strrchr(fr->program, '/');
	if (tx)
		fprintf(tx, "alphasim-view 1\ncycle %llu\ninsns %llu\nstate %s\n",
		        (unsigned long long)cycle, (unsigned long long)insns, fr->state);
	text(s, f, tx, M, 4, VIEW_WIDTH - 2 * M, text_fg,
	     "alphasim --view %s   cycle %llu   %llu instructions   %s%s",
	     base ? base + 1 : fr->program, (unsigned long long)cycle, (unsigned long long)insns,
	     fr->state, speed);
	draw_strips(s, f, fr, tx);
	int y = STRIP_Y + (int)v->m->bus.ncpus * CPU_H + LINE / 2;
	draw_procs(s, f, fr, y, tx);
	draw_breakdown(s, f, fr, y, tx);
	y += PANELS_H + LINE / 2;
	draw_overflows(s, f, fr, y, tx);
	if (fr->speed)
		text(s, f, tx, M, s->h - LINE - 2, VIEW_WIDTH - 2 * M, head_fg,
		     "keys: space pause/run   n step a block   + faster   - slower   q quit");
}

bool viewdraw_png(FILE *out, SDL_Surface *s, const char *chunk)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	png_bytep row = malloc((size_t)s->w * 3);
	if (!info || !row || setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(row);
		return false;
	}
	png_init_io(png, out);
	png_set_IHDR(png, info, (png_uint_32)s->w, (png_uint_32)s->h, 8, PNG_COLOR_TYPE_RGB,
	             PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_text t = { .compression = PNG_TEXT_COMPRESSION_NONE, .key = "alphasim-view",
	               .text = (char *)chunk };
	png_set_text(png, info, &t, 1);
	png_write_info(png, info);
	for (int y = 0; y < s->h; y++) {
		const Uint32 *px = (const Uint32 *)((const Uint8 *)s->pixels + (size_t)y * s->pitch);
		for (int x = 0; x < s->w; x++)
			SDL_GetRGB(px[x], s->format, &row[3 * x], &row[3 * x + 1], &row[3 * x + 2]);
		png_write_row(png, row);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	free(row);
	return true;
}
