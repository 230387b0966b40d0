# sqlite3: the command-line shell.  Debian's source is sqlite's full tree;
# the amalgamation (sqlite3.c) and the shell's shell.c are generated on
# the host by its own Makefile (host gcc builds lemon, mkkeywordhash and
# friends, tclsh runs the generators), then the two files are compiled
# for the Alpha with sqlite's default options.  The generated files, the
# test suite and the web pages are not kept (150 MB).
SOURCE=sqlite3
build() {
	mkdir gen && (cd gen && ../configure --disable-tcl --disable-readline >/dev/null &&
		make sqlite3.c shell.c) &&
	compile "-I gen" gen/sqlite3.c gen/shell.c &&
	link sqlite3 shell.o sqlite3.o -lm -ldl -lpthread &&
	rm -rf gen test www
}
