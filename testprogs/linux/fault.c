/* fault.c - a store to an unmapped address ends the program with
 * SIGSEGV (exit status 139 as a shell sees it). */
#include <stdint.h>
#include <stdio.h>

int main(void)
{
	volatile uintptr_t bad = 16;
	printf("before the fault\n");
	fflush(stdout);
	*(volatile int *)bad = 1;
	printf("after the fault\n");
	return 0;
}
