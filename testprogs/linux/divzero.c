/* divzero.c - integer division by zero: glibc's division routine
 * executes gentrap, which ends the program with SIGFPE (status 136). */
#include <stdio.h>

int main(void)
{
	volatile long zero = 0;
	printf("dividing\n");
	fflush(stdout);
	printf("%ld\n", 10 / zero);
	return 0;
}
