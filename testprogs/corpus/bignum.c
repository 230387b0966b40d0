/* bignum.c - arbitrary-precision integers in base 10^9 limbs: 300!,
 * 2^2000 and Fibonacci(3000), with their digit counts, digit sums and
 * leading and trailing digits; multiplication, addition and a long
 * division by a small number back to the start. */
#include <string.h>
#include "corpus.h"

#define LIMBS 256
#define BASE 1000000000u
struct big { int n; uint32_t d[LIMBS]; };   /* little-endian limbs */

static void set(struct big *a, uint32_t v) { a->n = 1; a->d[0] = v; }
static void mul_small(struct big *a, uint32_t m)
{
	uint64_t carry = 0;
	for (int i = 0; i < a->n; i++) {
		uint64_t t = (uint64_t)a->d[i] * m + carry;
		a->d[i] = (uint32_t)(t % BASE);
		carry = t / BASE;
	}
	while (carry) {
		a->d[a->n++] = (uint32_t)(carry % BASE);
		carry /= BASE;
	}
}
static uint32_t div_small(struct big *a, uint32_t m)
{
	uint64_t r = 0;
	for (int i = a->n - 1; i >= 0; i--) {
		uint64_t t = r * BASE + a->d[i];
		a->d[i] = (uint32_t)(t / m);
		r = t % m;
	}
	while (a->n > 1 && a->d[a->n - 1] == 0)
		a->n--;
	return (uint32_t)r;
}
static void add(struct big *r, const struct big *a, const struct big *b)
{
	uint32_t carry = 0;
	int n = a->n > b->n ? a->n : b->n;
	for (int i = 0; i < n; i++) {
		uint32_t t = (i < a->n ? a->d[i] : 0) + (i < b->n ? b->d[i] : 0) + carry;
		carry = t >= BASE;
		r->d[i] = carry ? t - BASE : t;
	}
	r->n = n;
	if (carry)
		r->d[r->n++] = 1;
}
static void show(const char *name, const struct big *a)
{
	static char s[LIMBS * 9 + 1];
	int len = sprintf(s, "%u", a->d[a->n - 1]);
	for (int i = a->n - 2; i >= 0; i--)
		len += sprintf(s + len, "%09u", a->d[i]);
	int sum = 0;
	for (int i = 0; i < len; i++)
		sum += s[i] - '0';
	printf("%s: %d digits, digit sum %d, %.20s...%s\n", name, len, sum, s, s + len - 20);
}

int main(void)
{
	static struct big f, p, a, b, c;
	set(&f, 1);
	for (uint32_t i = 2; i <= 300; i++)
		mul_small(&f, i);
	show("300!", &f);
	for (uint32_t i = 300; i >= 2; i--)
		CHECK(div_small(&f, i) == 0);
	printf("300! / 300 / ... / 2 = %u (limbs %d)\n", f.d[0], f.n);
	set(&p, 1);
	for (int i = 0; i < 2000; i++)
		mul_small(&p, 2);
	show("2^2000", &p);
	set(&a, 0);
	set(&b, 1);
	for (int i = 0; i < 3000; i++) {
		add(&c, &a, &b);
		a = b;
		b = c;
	}
	show("fib(3000)", &a);
	printf("fib(3000) mod 1000000007 = %u\n", div_small(&a, 1000000007));
	return corpus_done("bignum");
}
