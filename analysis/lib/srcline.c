/*
 * srcline.c - source lines and inlined functions from DWARF with libdw
 * (analysis/lib/srcline.h).  The inline chain is found as elfutils'
 * eu-addr2line -i finds it: the innermost scope holding the address
 * (dwarf_getscopes), then the DIEs that nest it (dwarf_getscopes_die),
 * each DW_TAG_inlined_subroutine among them naming its caller's line by
 * DW_AT_call_file and DW_AT_call_line (the DWARF 5 standard, section
 * 3.3.8.2, "Concrete Inlined Instances").
 */
#include "analysis/lib/srcline.h"
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A source file as the DWARF names it, its compilation directory, and
 * its text once looked for. */
struct srcfile {
	char *name, *compdir, *where;
	bool tried;
	char *buf;
	char **line;                 /* line[k]: line k + 1 */
	size_t nline;
};

struct srcline {
	int fd;
	Dwarf *dw;
	char *path, *root;
	struct srcfile *f;
	size_t nf;
};

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

struct srcline *srcline_open(const char *path, const char *root)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	Dwarf *dw = dwarf_begin(fd, DWARF_C_READ);
	struct srcline *sl = dw ? calloc(1, sizeof *sl) : NULL;
	if (!sl) {
		if (dw)
			dwarf_end(dw);
		close(fd);
		return NULL;
	}
	sl->fd = fd;
	sl->dw = dw;
	sl->path = strdup(path);
	sl->root = dup_or_null(root);
	if (!sl->path || (root && !sl->root)) {
		srcline_close(sl);
		return NULL;
	}
	/* An image with DWARF but no line table (-g1 keeps one; a debug
	 * section without it is as good as none). */
	Dwarf_Off off = 0, next;
	size_t hsize;
	bool lines = false;
	while (!lines && dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;
		Dwarf_Lines *l;
		size_t n;
		if (dwarf_offdie(dw, off + hsize, &cu) && dwarf_getsrclines(&cu, &l, &n) == 0 && n)
			lines = true;
		off = next;
	}
	if (!lines) {
		srcline_close(sl);
		return NULL;
	}
	return sl;
}

void srcline_close(struct srcline *sl)
{
	if (!sl)
		return;
	for (size_t i = 0; i < sl->nf; i++) {
		free(sl->f[i].name);
		free(sl->f[i].compdir);
		free(sl->f[i].where);
		free(sl->f[i].buf);
		free(sl->f[i].line);
	}
	free(sl->f);
	dwarf_end(sl->dw);
	close(sl->fd);
	free(sl->path);
	free(sl->root);
	free(sl);
}

struct srcline *srcline_get(struct srcline **cur, const char *path, const char *root)
{
	if (*cur && !strcmp((*cur)->path, path))
		return *cur;
	srcline_close(*cur);
	return *cur = srcline_open(path, root);
}

/* The file entry of name, added (with the compilation directory of the
 * unit that named it) when new; NULL when out of memory. */
static struct srcfile *file_of(struct srcline *sl, const char *name, const char *compdir)
{
	for (size_t i = 0; i < sl->nf; i++)
		if (!strcmp(sl->f[i].name, name))
			return &sl->f[i];
	struct srcfile *v = realloc(sl->f, (sl->nf + 1) * sizeof *v);
	if (!v)
		return NULL;
	sl->f = v;
	struct srcfile *f = &v[sl->nf];
	*f = (struct srcfile){ strdup(name), dup_or_null(compdir), NULL, false, NULL, NULL, 0 };
	if (!f->name || (compdir && !f->compdir)) {
		free(f->name);
		free(f->compdir);
		return NULL;
	}
	sl->nf++;
	return f;
}

static const char *compdir_of(Dwarf_Die *cu)
{
	Dwarf_Attribute a;
	return dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &a));
}

bool srcline_at(struct srcline *sl, uint64_t addr, const char **file, unsigned *line)
{
	Dwarf_Die cu;
	Dwarf_Line *l;
	int n;
	if (!sl || !dwarf_addrdie(sl->dw, addr, &cu) || !(l = dwarf_getsrc_die(&cu, addr)) ||
	    dwarf_lineno(l, &n) != 0 || n <= 0)
		return false;
	const char *name = dwarf_linesrc(l, NULL, NULL);
	struct srcfile *f = name ? file_of(sl, name, compdir_of(&cu)) : NULL;
	if (!f)
		return false;
	*file = f->name;
	*line = (unsigned)n;
	return true;
}

static bool is_function(Dwarf_Die *d)
{
	int t = dwarf_tag(d);
	return t == DW_TAG_subprogram || t == DW_TAG_inlined_subroutine ||
	       t == DW_TAG_entry_point;
}

/* A function's name, through DW_AT_abstract_origin and
 * DW_AT_specification to the declaration that has it. */
static const char *name_of(Dwarf_Die *d)
{
	Dwarf_Attribute a;
	const char *s = dwarf_formstring(dwarf_attr_integrate(d, DW_AT_name, &a));
	return s ? s : "??";
}

/* Function d's name and where it is defined, into f (its line at the
 * address is the caller's to give). */
static void func_of(struct srcline *sl, Dwarf_Die *cu, Dwarf_Die *d, struct srcline_frame *f)
{
	int line = 0;
	const char *decl = dwarf_decl_file(d);
	struct srcfile *sf = decl ? file_of(sl, decl, compdir_of(cu)) : NULL;
	f->func = name_of(d);
	f->decl_file = sf ? sf->name : NULL;
	f->decl_line = dwarf_decl_line(d, &line) == 0 && line > 0 ? (unsigned)line : 0;
}

size_t srcline_frames(struct srcline *sl, uint64_t addr, struct srcline_frame *f, size_t max)
{
	Dwarf_Die cu, *sc = NULL, *chain = NULL;
	if (!sl || !max || !dwarf_addrdie(sl->dw, addr, &cu))
		return 0;
	int n = dwarf_getscopes(&cu, addr, &sc);
	if (n <= 0) {
		free(sc);
		return 0;
	}
	/* the innermost scope's nesting, its DIE's parents up to the unit:
	 * dwarf_getscopes goes from an inlined instance to its abstract
	 * definition, not to the code it was inlined into */
	Dwarf_Die in = sc[0];
	free(sc);
	n = dwarf_getscopes_die(&in, &chain);
	Dwarf_Files *files = NULL;
	size_t nfiles = 0;
	if (dwarf_getsrcfiles(&cu, &files, &nfiles) != 0)
		files = NULL;
	size_t k = 0;
	int i = 0;
	while (i < n && !is_function(&chain[i]))
		i++;
	if (i < n) {
		func_of(sl, &cu, &chain[i], &f[k]);
		if (!srcline_at(sl, addr, &f[k].file, &f[k].line))
			f[k].file = NULL, f[k].line = 0;
		k++;
	}
	for (; i < n && k < max; i++) {
		if (dwarf_tag(&chain[i]) != DW_TAG_inlined_subroutine)
			continue;
		int j = i + 1;
		while (j < n && !is_function(&chain[j]))
			j++;
		if (j >= n)
			break;
		Dwarf_Attribute a;
		Dwarf_Word fi = 0, ln = 0;
		const char *src = NULL;
		if (files && dwarf_formudata(dwarf_attr(&chain[i], DW_AT_call_file, &a), &fi) == 0)
			src = dwarf_filesrc(files, fi, NULL, NULL);
		if (dwarf_formudata(dwarf_attr(&chain[i], DW_AT_call_line, &a), &ln) != 0)
			ln = 0;
		struct srcfile *sf = src ? file_of(sl, src, compdir_of(&cu)) : NULL;
		func_of(sl, &cu, &chain[j], &f[k]);
		f[k].file = sf ? sf->name : NULL;
		f[k++].line = (unsigned)ln;
	}
	free(chain);
	return k;
}

bool srcline_name(struct srcline *sl, uint64_t addr, char *buf, size_t len)
{
	struct srcline_frame f[SRCLINE_MAX_FRAMES];
	const char *file;
	unsigned line;
	size_t n = srcline_frames(sl, addr, f, SRCLINE_MAX_FRAMES), at = 0;
	if (len)
		buf[0] = 0;
	if (!srcline_at(sl, addr, &file, &line))
		return false;
#define PUT(...) do { int w_ = snprintf(buf + at, at < len ? len - at : 0, __VA_ARGS__); \
		at += w_ > 0 ? (size_t)w_ : 0; } while (0)
	PUT("%s:%u", srcline_base(file), line);
	if (n)
		PUT(" %s", f[0].func);
	for (size_t k = 1; k < n; k++)
		PUT("%s%s at %s:%u", k == 1 ? " (inlined into " : ", into ", f[k].func,
		    f[k].file ? srcline_base(f[k].file) : "??", f[k].line);
	if (n > 1)
		PUT(")");
#undef PUT
	return true;
}

/* Where a file is on the host, as perf looks for it: the path the DWARF
 * gives (a relative one under the compilation directory); with a root,
 * the root in place of the compilation directory (a file outside it:
 * its base name under the root). */
static char *locate(const struct srcline *sl, const struct srcfile *f)
{
	char buf[PATH_MAX];
	const char *cd = f->compdir ? f->compdir : "";
	size_t cl = strlen(cd);
	int n;
	if (!sl->root)
		n = f->name[0] == '/' || !cl ? snprintf(buf, sizeof buf, "%s", f->name)
		                             : snprintf(buf, sizeof buf, "%s/%s", cd, f->name);
	else if (f->name[0] != '/')
		n = snprintf(buf, sizeof buf, "%s/%s", sl->root, f->name);
	else if (cl && !strncmp(f->name, cd, cl) && f->name[cl] == '/')
		n = snprintf(buf, sizeof buf, "%s%s", sl->root, f->name + cl);
	else
		n = snprintf(buf, sizeof buf, "%s/%s", sl->root, srcline_base(f->name));
	return n < 0 || (size_t)n >= sizeof buf ? NULL : strdup(buf);
}

/* Read f's text into lines once. */
static void load(struct srcline *sl, struct srcfile *f)
{
	f->tried = true;
	if (!(f->where = locate(sl, f)))
		return;
	FILE *in = fopen(f->where, "rb");
	if (!in)
		return;
	size_t cap = 0, len = 0;
	char *buf = NULL;
	for (;;) {
		if (len + 4096 + 1 > cap) {
			char *b = realloc(buf, cap = 2 * cap + 4096 + 1);
			if (!b)
				break;
			buf = b;
		}
		size_t r = fread(buf + len, 1, cap - len - 1, in);
		len += r;
		if (!r)
			break;
	}
	bool bad = ferror(in) || !buf;
	fclose(in);
	if (bad) {
		free(buf);
		return;
	}
	buf[len] = 0;
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += buf[i] == '\n';
	n += len && buf[len - 1] != '\n';
	char **line = malloc((n ? n : 1) * sizeof *line);
	if (!line) {
		free(buf);
		return;
	}
	size_t k = 0;
	for (char *p = buf; k < n; k++) {
		line[k] = p;
		char *e = strchr(p, '\n');
		if (!e)
			break;
		*e = 0;
		if (e > p && e[-1] == '\r')
			e[-1] = 0;
		p = e + 1;
	}
	f->buf = buf;
	f->line = line;
	f->nline = n;
}

static struct srcfile *find(struct srcline *sl, const char *file)
{
	for (size_t i = 0; sl && i < sl->nf; i++)
		if (!strcmp(sl->f[i].name, file)) {
			if (!sl->f[i].tried)
				load(sl, &sl->f[i]);
			return &sl->f[i];
		}
	return NULL;
}

const char *srcline_text(struct srcline *sl, const char *file, unsigned line)
{
	struct srcfile *f = find(sl, file);
	return f && line >= 1 && line <= f->nline ? f->line[line - 1] : NULL;
}

const char *srcline_where(struct srcline *sl, const char *file)
{
	struct srcfile *f = find(sl, file);
	return f && f->where ? f->where : file;
}

const char *srcline_base(const char *file)
{
	const char *s = strrchr(file, '/');
	return s ? s + 1 : file;
}
