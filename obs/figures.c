/*
 * figures.c - the "dcpi" object of the stats file (obs/figures.h).
 */
#include "obs/figures.h"
#include <inttypes.h>

void dcpi_figures_json(const struct dcpi_figures *fig, FILE *f, const char *in)
{
	fprintf(f, "%s\"dcpi\": {", in);
#define X(name, desc) \
	if (fig->name != UINT64_MAX) fprintf(f, " \"" #name "\": %" PRIu64 ",", fig->name);
	DCPI_FIGURES(X)
#undef X
	fprintf(f, " \"aggregation_factor\": %.3f, \"overhead_pct\": %.4f, "
	        "\"conserved\": %s }", fig->aggregation_factor, fig->overhead_pct,
	        fig->conserved ? "true" : "false");
}
