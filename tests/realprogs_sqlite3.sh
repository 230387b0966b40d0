#!/bin/sh
# tests/realprogs_sqlite3.sh - Debian's sqlite3 shell on alphasim against
# qemu-alpha (tests/realprogs_lib.sh): a database file created, queried,
# dumped and rebuilt from its dump (testprogs/real/sqlite3/*.sql), which
# takes sqlite's POSIX advisory locks, its journal, and its probes of the
# system (a socket it expects to fail).
. "${top_srcdir:-$(dirname "$0")/..}/tests/realprogs_lib.sh"
rp_package sqlite3
sql=$top_srcdir/testprogs/real/sqlite3

database() {
	rp_run sqlite3 -cmd '.parameter set @n 25' shop.db <create.sql >create.out
	cat create.out
	rp_check "the database is consistent" grep -qx ok create.out
	rp_run sqlite3 shop.db <query.sql
	rp_run sqlite3 -readonly shop.db 'SELECT count(*) FROM line' 'INSERT INTO audit VALUES (0, 0)'
	rp_run sqlite3 shop.db .dump >dump.sql
	rp_run sqlite3 copy.db <dump.sql
	rp_run sqlite3 copy.db .dump >dump2.sql
	rp_check "the dump of the rebuilt database is the dump" cmp dump.sql dump2.sql
	rp_check "the dump has every line" test "$(grep -c '^INSERT INTO line ' dump.sql)" = \
		"$(sed -n 's/^lines|\([0-9]*\)|.*/\1/p' create.out)"
}
rp_case database database "$sql/create.sql" "$sql/query.sql"
finish
