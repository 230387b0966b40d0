# lua5.4: the interpreter (src/lua.c and the library), with the defines
# of upstream's `make linux` without readline (the sysroot has none).
# Debian's luaconf.h patch includes a header debian/rules writes.
SOURCE=lua5.4
build() {
	cd src &&
	echo '#define DEB_HOST_MULTIARCH "alpha-linux-gnu"' >lua5.4-deb-multiarch.h &&
	compile "-std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX" $(ls *.c | grep -v '^luac\.c$') &&
	link lua $(ls *.o) -lm -ldl
}
