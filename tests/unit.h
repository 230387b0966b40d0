/*
 * unit.h - the main of a host unit test binary (cmocka): the tests it
 * lists run as one group, between the group's setup and teardown (NULL:
 * none).  A file whose tests each run between its own functions named
 * setup and teardown lists them as UNIT_ST(test).
 */
#ifndef TESTS_UNIT_H
#define TESTS_UNIT_H

#define UNIT_ST(t) cmocka_unit_test_setup_teardown(t, setup, teardown)

#define UNIT_MAIN(group_setup, group_teardown, ...) \
	int main(void) \
	{ \
		const struct CMUnitTest tests[] = { __VA_ARGS__ }; \
		return cmocka_run_group_tests(tests, group_setup, group_teardown); \
	}

#endif
