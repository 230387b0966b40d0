# bzip2: the compressor, its library compiled in (upstream Makefile's
# objects and flags, without the shared libbz2 Debian's patch adds).
SOURCE=bzip2
build() {
	compile "-D_FILE_OFFSET_BITS=64" blocksort.c huffman.c crctable.c \
		randtable.c compress.c decompress.c bzlib.c bzip2.c &&
	link bzip2 bzip2.o blocksort.o huffman.o crctable.o randtable.o \
		compress.o decompress.o bzlib.o
}
