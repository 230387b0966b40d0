/* ctype.c - <ctype.h> classes over every byte in the C locale,
 * case-insensitive comparison and case mapping. */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "corpus.h"

int main(void)
{
	/* one line per class: how many bytes are in it, and a hash of which */
	static const struct { const char *name; int (*fn)(int); } cls[] = {
		{ "alnum", isalnum }, { "alpha", isalpha }, { "cntrl", iscntrl },
		{ "digit", isdigit }, { "graph", isgraph }, { "lower", islower },
		{ "print", isprint }, { "punct", ispunct }, { "space", isspace },
		{ "upper", isupper }, { "xdigit", isxdigit }, { "blank", isblank },
	};
	for (size_t c = 0; c < sizeof cls / sizeof cls[0]; c++) {
		int n = 0;
		uint64_t h = FNV_INIT;
		for (int i = 0; i < 256; i++)
			if (cls[c].fn(i)) {
				n++;
				h = fnv(h, &i, 1);
			}
		printf("%-6s %3d %016llx\n", cls[c].name, n, (unsigned long long)h);
	}
	CHECK(isdigit('7') && !isdigit('a') && isspace('\t') && !isalpha(200));
	char s[] = "Mixed Case 123 Text!";
	for (char *p = s; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	printf("upper '%s'\n", s);
	for (char *p = s; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	printf("lower '%s'\n", s);
	printf("strcasecmp %d %d %d\n", strcasecmp("HeLLo", "hello"),
	       strcasecmp("abc", "ABD") < 0, strncasecmp("ABCx", "abcy", 3));
	CHECK(strcasecmp("HeLLo", "hello") == 0);
	/* count words, vowels, digits in a fixed text */
	const char *text = "The quick brown fox jumps over 13 lazy dogs, twice: at 9 and 10!";
	int words = 0, vowels = 0, digits = 0, inword = 0;
	for (const char *p = text; *p; p++) {
		if (isalnum((unsigned char)*p)) {
			words += !inword;
			inword = 1;
		} else
			inword = 0;
		vowels += strchr("aeiouAEIOU", *p) != NULL && *p;
		digits += isdigit((unsigned char)*p) != 0;
	}
	printf("words %d vowels %d digits %d\n", words, vowels, digits);
	CHECK(words == 15 && digits == 5);
	return corpus_done("ctype");
}
