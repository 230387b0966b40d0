/* strmath.c - string functions and libm, printed exactly. */
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	char s[64] = "The quick brown fox";
	strcat(s, " jumps");
	printf("%zu %s\n", strlen(s), s);
	printf("strchr %s strrchr %s strstr %s\n", strchr(s, 'q'), strrchr(s, 'o'),
	       strstr(s, "brown"));
	printf("strcmp %d %d %d\n", strcmp("abc", "abd") < 0, strcmp("b", "a") > 0,
	       strncmp("abcx", "abcy", 3));
	char t[64];
	memset(t, 'x', sizeof t);
	memcpy(t, s, 10);
	t[10] = 0;
	memmove(t + 2, t, 5);
	printf("mem '%s' %d\n", t, memcmp(s, "The", 3));
	static const double x[] = { 0.5, 1.0, 2.0, 10.0, -3.25 };
	for (int i = 0; i < 5; i++)
		printf("%-6g sin %.17g cos %.17g exp %.17g atan %.17g\n", x[i], sin(x[i]),
		       cos(x[i]), exp(x[i]), atan(x[i]));
	for (int i = 0; i < 4; i++)
		printf("%-6g sqrt %.17g log %.17g pow %.17g\n", x[i], sqrt(x[i]), log(x[i]),
		       pow(x[i], 1.5));
	printf("floor %g ceil %g fmod %g hypot %.17g\n", floor(-2.5), ceil(-2.5),
	       fmod(10.0, 3.0), hypot(3.0, 4.0));
	return 0;
}
