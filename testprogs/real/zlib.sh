# zlib: the library's test programs minigzip and example, the library
# compiled in, with the defines zlib's configure finds on Linux.
SOURCE=zlib
build() {
	compile "-D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN -I." adler32.c crc32.c \
		deflate.c infback.c inffast.c inflate.c inftrees.c trees.c zutil.c \
		compress.c uncompr.c gzclose.c gzlib.c gzread.c gzwrite.c \
		test/minigzip.c test/example.c &&
	lib="adler32.o crc32.o deflate.o infback.o inffast.o inflate.o inftrees.o
	     trees.o zutil.o compress.o uncompr.o gzclose.o gzlib.o gzread.o gzwrite.o" &&
	link minigzip minigzip.o $lib && link example example.o $lib
}
