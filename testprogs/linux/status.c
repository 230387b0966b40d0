/* status.c - an exit status through exit(), after atexit handlers. */
#include <stdio.h>
#include <stdlib.h>

static void bye(void) { printf("atexit ran\n"); }

int main(void)
{
	atexit(bye);
	printf("exiting with 42\n");
	exit(42);
}
