/* string.c - the <string.h> functions on known inputs, including the
 * lengths and alignments where word-at-a-time implementations differ
 * from byte loops. */
#include <string.h>
#include <stdlib.h>
#include "corpus.h"

int main(void)
{
	char a[64], b[64];
	strcpy(a, "hello");
	strcat(a, ", world");
	printf("strcpy+strcat '%s' len %zu\n", a, strlen(a));
	CHECK(strlen(a) == 12);
	printf("strcmp %d %d %d\n", strcmp("abc", "abd") < 0, strcmp("abd", "abc") > 0, strcmp("x", "x"));
	printf("strncmp %d %d\n", strncmp("abcdef", "abcxyz", 3), strncmp("abcdef", "abcxyz", 4) < 0);
	printf("strchr '%s' strrchr '%s'\n", strchr(a, 'o'), strrchr(a, 'o'));
	printf("strstr '%s' miss %d\n", strstr(a, "wor"), strstr(a, "xyz") == NULL);
	printf("strspn %zu strcspn %zu\n", strspn("aabbcxd", "ab"), strcspn("hello world", " "));
	printf("strpbrk '%s'\n", strpbrk("key=value;x", "=;"));
	strncpy(b, "abc", sizeof b);
	CHECK(b[3] == 0 && b[63] == 0);
	/* strtok over a copy */
	char line[] = "  alpha, beta,,gamma ;delta  ";
	int n = 0;
	for (char *t = strtok(line, " ,;"); t; t = strtok(NULL, " ,;"))
		printf("token %d '%s'\n", n++, t);
	CHECK(n == 4);
	char *d = strdup("duplicate");
	printf("strdup '%s' strndup '%s'\n", d, strndup("duplicate", 3));
	free(d);

	/* memcpy/memmove/memset/memcmp/memchr at every offset and length up
	 * to 40, against byte loops. */
	unsigned char src[128], dst[128], ref[128];
	for (int i = 0; i < 128; i++)
		src[i] = (unsigned char)(i * 7 + 3);
	uint64_t h = FNV_INIT;
	int bad = 0;
	for (int off = 0; off < 8; off++)
		for (int len = 0; len <= 40; len++) {
			memset(dst, 0xaa, sizeof dst);
			memcpy(dst + off, src + (len & 7), (size_t)len);
			for (int i = 0; i < 128; i++)
				ref[i] = (i >= off && i < off + len) ? src[(len & 7) + i - off] : 0xaa;
			bad += memcmp(dst, ref, sizeof dst) != 0;
			memmove(dst + off + 3, dst + off, (size_t)len);   /* overlap upward */
			memmove(dst + off, dst + off + 1, (size_t)len);   /* and downward */
			h = fnv(h, dst, sizeof dst);
			memset(dst + off, off, (size_t)len);
			bad += len && memchr(dst, off, sizeof dst) != dst + off && off != 0;
			h = fnv(h, dst, sizeof dst);
		}
	printf("mem* hash %016llx mismatches %d\n", (unsigned long long)h, bad);
	CHECK(bad == 0);
	printf("memcmp sign %d %d\n", memcmp("\x01\xff", "\x01\x01", 2) > 0, memcmp("a", "b", 1) < 0);

	/* strlen at every alignment and length */
	char buf[80];
	size_t sum = 0;
	for (int off = 0; off < 8; off++)
		for (int len = 0; len < 64; len++) {
			memset(buf, 'x', sizeof buf);
			buf[off + len] = 0;
			sum += strlen(buf + off);
			CHECK(strlen(buf + off) == (size_t)len);
		}
	printf("strlen sum %zu\n", sum);
	printf("strerror(2) '%s'\n", strerror(2));
	return corpus_done("string");
}
