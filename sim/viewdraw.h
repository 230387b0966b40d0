/*
 * viewdraw.h - the live view's picture (docs/view.md "What it shows"):
 * one frame of a struct view_model drawn into an SDL surface, and the
 * same content as text (the picture's "alphasim-view" PNG text chunk,
 * which the tests compare with the truth and with the pixels).
 */
#ifndef ALPHASIM_VIEWDRAW_H
#define ALPHASIM_VIEWDRAW_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include "sim/viewmodel.h"

#define VIEW_WIDTH 1024

struct view_frame {
	const struct view_model *vm;
	const struct truth *truth;
	const char *program;
	const char *state;           /* "running", "paused", "finished"...    */
	uint64_t speed;              /* cycles per frame, 0: not live         */
};

/* The picture's height for ncpus CPUs. */
int viewdraw_height(unsigned ncpus);

/* Draw f into s (VIEW_WIDTH x viewdraw_height, 32 bits a pixel); when
 * text is not NULL, write there what was drawn and where. */
void viewdraw(SDL_Surface *s, TTF_Font *font, const struct view_frame *f, FILE *text);

/* Write s as a PNG to out, with text as its "alphasim-view" text chunk;
 * false if libpng fails (the caller's outfile sees write errors). */
bool viewdraw_png(FILE *out, SDL_Surface *s, const char *text);

#endif
