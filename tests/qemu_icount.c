/*
 * qemu_icount.c - a qemu TCG plugin that counts the guest instructions a
 * program executes, so that alphasim's counts can be checked against
 * qemu-alpha's and benchmarks can give qemu's MIPS.
 *
 *   qemu-alpha -plugin tests/qemu_icount.so,out=FILE prog
 *
 * writes the count (one decimal number) to FILE, or to stderr without
 * out=.  Debian's qemu-user has the plugin interface but ships no plugin
 * and no header, so the few declarations needed are written here from
 * QEMU's documented plugin API (docs/devel/tcg-plugins, API version 1);
 * the counter is an inline add on every instruction, which counts
 * exactly even when a translation block is left early.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
                                                 size_t idx);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
                                                enum qemu_plugin_op op,
                                                void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_tb_trans_cb(
	qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
                                    void (*cb)(qemu_plugin_id_t, void *),
                                    void *userdata);

#define EXPORT __attribute__((visibility("default")))
EXPORT int qemu_plugin_version = 1;
EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                               const struct qemu_info_t *info, int argc,
                               char **argv);

static uint64_t count;
static char out_path[4096];

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	size_t n = qemu_plugin_tb_n_insns(tb);
	for (size_t i = 0; i < n; i++)
		qemu_plugin_register_vcpu_insn_exec_inline(
			qemu_plugin_tb_get_insn(tb, i), QEMU_PLUGIN_INLINE_ADD_U64,
			&count, 1);
}

static void at_exit(qemu_plugin_id_t id, void *unused)
{
	(void)id;
	(void)unused;
	FILE *f = out_path[0] ? fopen(out_path, "w") : stderr;
	if (!f)
		f = stderr;
	fprintf(f, "%llu\n", (unsigned long long)count);
	if (f != stderr)
		fclose(f);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                               const struct qemu_info_t *info, int argc,
                               char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			snprintf(out_path, sizeof out_path, "%s", argv[i] + 4);
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
