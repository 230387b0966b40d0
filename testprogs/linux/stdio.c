/* stdio.c - formatted output and input, buffering, sorting, strtol. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int main(void)
{
	printf("[%5d] [%-5d] [%05d] [%x] [%#o] [%+ld]\n", 42, 42, 42, 0xbeef, 8, 123456789012L);
	printf("[%s] [%10s] [%-10s] [%.3s] [%c]\n", "str", "right", "left", "truncate", 'c');
	printf("[%f] [%e] [%g] [%.10g] [%a]\n", 3.14159, 6.02e23, 1e-5, 1.0 / 3, 1.5);
	char buf[128];
	int n = snprintf(buf, sizeof buf, "%d-%s-%.2f", 7, "seven", 7.0);
	printf("snprintf %d '%s'\n", n, buf);
	int a, b;
	char word[16];
	double d;
	int k = sscanf("12 34 word 2.5", "%d %d %15s %lf", &a, &b, word, &d);
	printf("sscanf %d: %d %d %s %g\n", k, a, b, word, d);
	printf("strtol %ld %ld %lu\n", strtol("-1234", NULL, 10), strtol("ff", NULL, 16),
	       strtoul("0777", NULL, 0));
	int v[20];
	for (int i = 0; i < 20; i++)
		v[i] = (i * 37) % 23 - 11;
	qsort(v, 20, sizeof v[0], cmp);
	for (int i = 0; i < 20; i++)
		printf("%d%c", v[i], i == 19 ? '\n' : ' ');
	fprintf(stderr, "to stderr\n");
	fflush(stdout);
	puts("puts");
	return 0;
}
