/*
 * an_schedcheck.c - the static schedule beside the truth, for
 * tests/an_schedule.sh: the instructions of FILE from symbol FROM up to
 * symbol TO, scheduled as the analysis schedules them (the CFG of the
 * procedure holding FROM, analysis/lib/issuesched.h), one line each:
 *
 *   pc M count head dep
 *
 * with the truth's executions, head cycles and head cycles waiting for
 * an operand (the dep_* causes) at that pc, every address space but PAL
 * code's added up.
 *
 *   an_schedcheck FILE TRUTH FROM TO
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/lib/issuesched.h"
#include "analysis/lib/truthfile.h"

static _Noreturn void die(const char *msg)
{
	fprintf(stderr, "an_schedcheck: %s\n", msg);
	exit(1);
}

static uint64_t label(const struct an_image *im, const char *name)
{
	long p = an_image_proc_named(im, name);
	if (p < 0)
		die("no such label");
	return im->proc[p].addr;
}

int main(int argc, char **argv)
{
	char err[512];
	if (argc != 5)
		die("usage: an_schedcheck FILE TRUTH FROM TO");
	struct an_image im;
	if (!an_image_load(&im, argv[1], err, sizeof err))
		die(err);
	uint64_t from = label(&im, argv[3]), to = label(&im, argv[4]);
	/* the procedure the loop is in: the symbol before FROM that GCC's
	 * .ent made a function */
	long p = -1;
	for (size_t k = 0; k < im.nproc; k++)
		if (im.proc[k].addr < from && (p < 0 || im.proc[k].addr > im.proc[p].addr))
			p = (long)k;
	if (p < 0)
		die("no procedure before FROM");
	/* the range [procedure, TO) as one procedure: labels inside it are
	 * symbols of their own, which would split it */
	struct an_image one;
	an_image_init(&one);
	for (size_t s = 0; s < im.nseg; s++)
		if (!an_image_add_seg(&one, im.seg[s].vaddr, im.seg[s].offset, im.seg[s].bytes,
		                      im.seg[s].size, im.seg[s].exec))
			die("out of memory");
	if (!an_image_add_proc(&one, "loop", im.proc[p].addr, to - im.proc[p].addr) ||
	    !an_image_finish(&one))
		die("out of memory");
	struct an_cfg g;
	if (!an_cfg_build_proc(&g, &one, (size_t)an_image_proc_named(&one, "loop"), err,
	                       sizeof err))
		die(err);
	struct params pa;
	params_default(&pa);
	struct an_issue_sched is;
	an_issue_sched_init(&is, &pa);
	const struct an_sched sched = an_issue_sched(&is);
	struct an_sched_insn *s = calloc(g.ninsn + 1, sizeof *s);
	if (!s || !an_sched_cfg(&sched, &g, s))
		die("no schedule");
	size_t n = (to - from) / 4, first = (from - g.start) / 4;
	uint64_t *count = calloc(n + 1, 8), *head = calloc(n + 1, 8), *dep = calloc(n + 1, 8);
	struct truthfile t;
	static struct truthfile_rec r;
	if (!count || !head || !dep || !truthfile_open(&t, argv[2], err, sizeof err))
		die(count && head && dep ? err : "out of memory");
	int got;
	while ((got = truthfile_next(&t, &r, err, sizeof err)) > 0)
		if (r.space != TRUTHFILE_SPACE_PAL && r.pc >= from && r.pc < to) {
			size_t k = (r.pc - from) / 4;
			count[k] += r.count;
			head[k] += r.head;
			for (unsigned c = TC_dep_int; c <= TC_dep_fdiv; c++) {
				int col = truthfile_cause_col(&t, c);
				dep[k] += col >= 0 ? r.cause[col] : 0;
			}
		}
	if (got < 0)
		die(err);
	for (size_t i = 0; i < n; i++)
		printf("0x%llx %u %llu %llu %llu\n", (unsigned long long)(from + 4 * i),
		       s[first + i].m, (unsigned long long)count[i], (unsigned long long)head[i],
		       (unsigned long long)dep[i]);
	truthfile_close(&t);
	free(count);
	free(head);
	free(dep);
	free(s);
	an_issue_sched_free(&is);
	an_cfg_free(&g);
	an_image_free(&one);
	an_image_free(&im);
	return 0;
}
