/* hello.c - the smallest glibc program: stdout and an exit status. */
#include <stdio.h>

int main(void)
{
	printf("hello, world\n");
	return 0;
}
