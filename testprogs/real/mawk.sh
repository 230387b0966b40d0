# mawk: configured for the Alpha (scancode.c is made by a host program,
# BUILD_CC), built by its own Makefile.
SOURCE=mawk
build() {
	cross_configure BUILD_CC=gcc && make_both mawk
}
