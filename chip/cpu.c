/*
 * cpu.c - the execution loop, the lazy decoder and exception entry.
 *
 * Exceptions (ARM chapter 6; 21164 HRM 5.1 for EXC_ADDR/EXC_SUM, 5.2 for
 * VA and MM_STAT) unwind with longjmp to cpu_run, which resumes at the
 * PAL entry point.  A fault leaves EXC_ADDR at the faulting instruction,
 * a trap at the next one.  Interrupts are taken between runs of
 * instructions (chip/intr.c), which end wherever one may be due.
 */
#include "chip/cpu.h"
#include "chip/exec.h"
#include "chip/intr.h"
#include "chip/bus.h"
#include "chip/pal.h"
#include <stdio.h>
#include <string.h>

/* ---- dispatch, generated from isa/insns.def ------------------------- */

static const exec_fn reg_handler[OP_COUNT] = {
#define INSN(id, ...) [OP_##id] = ex_##id,
#define VAX(id, ...)  [OP_##id] = ex_opcdec,
#include "isa/insns.def"
#undef INSN
#undef VAX
};

static const exec_fn lit_handler[OP_COUNT] = {
#define INSN(id, ...)
#define OPR(id, ...)  [OP_##id] = ex_##id##_l,
#define VAX(id, ...)
#include "isa/insns.def"
#undef INSN
#undef OPR
#undef VAX
};

EXEC(opcdec)   { (void)d; cpu_opcdec(c, pc); }
EXEC(prefetch) { (void)c; (void)d; return pc + 4; }

/* Fill a slot from an instruction word: fields once, R31/F31 once. */
static void decode_into(struct dinsn *d, uint32_t w)
{
	unsigned q = 0, op = isa_decode(w, &q);
	memset(d, 0, sizeof *d);
	d->raw = w;
	d->op = (uint16_t)op;
	if (op == OP_ILLEGAL) {
		d->fn = ex_opcdec;
		return;
	}
	const struct isa_insn *e = &isa_table[op];
	unsigned ra = INSN_RA(w), rb = INSN_RB(w), rc = INSN_RC(w);
	unsigned dst = (e->flags & I_WRA) ? ra : (e->flags & I_WRC) ? rc : 31;
	d->a = (uint8_t)ra;
	d->b = (uint8_t)rb;
	d->c = (uint8_t)(dst == 31 ? 32 : dst);
	d->q = (uint8_t)q;
	d->fn = reg_handler[op];

	switch (e->args) {
	case A_MEM: case A_FMEM: case A_MEMB:
		d->imm = INSN_DISP16(w);
		break;
	case A_BRA: case A_FBRA:
		d->imm = INSN_DISP21(w) * 4;
		break;
	case A_JMP:
		d->imm = (int32_t)INSN_JHINT(w);
		break;
	case A_OPR: case A_OPRBC: case A_OPRC:
		if (INSN_ISLIT(w)) {
			d->imm = (int32_t)INSN_LIT(w);
			d->fn = lit_handler[op];
		}
		break;
	case A_PAL:
		d->imm = (int32_t)INSN_PALFN(w);
		break;
	case A_HWMFPR: case A_HWMTPR:
		d->imm = (int32_t)INSN_HWIPR(w);
		break;
	case A_HWMEM:
		d->imm = INSN_HWDISP(w);
		break;
	default:
		break;
	}
	/* A load into R31/F31 is a prefetch hint (ARM 4.2, "Data prefetch"):
	 * no architectural effect and no exception.  LDx_L keeps its lock
	 * side effect, HW_LD is PALcode's, and VAX loads stay OPCDEC. */
	if ((e->flags & I_LOAD) && !(e->flags & (I_LOCK | I_PRIV)) && dst == 31 &&
	    !(e->ext & X_VAX))
		d->fn = ex_prefetch;
}

/* The lazy decoder: every slot of a new or stored-to page points here. */
static uint64_t ex_decode(struct cpu *c, const struct dinsn *dc, uint64_t pc)
{
	struct dinsn *d = (struct dinsn *)dc;
	cpu_decode_slot(c, d);
	return d->fn(c, d, pc);
}

void cpu_decode_slot(struct cpu *c, struct dinsn *d)
{
	if (d->fn != ex_decode)
		return;
	struct dpage *p = c->ipage;
	uint32_t w;
	memcpy(&w, c->bus->ram + p->pa + (uint64_t)(d - p->insn) * 4, 4);
	decode_into(d, w);
}

void cpu_invalidate_code(struct bus *b, uint64_t pa, uint64_t size)
{
	struct dpage *p = b->dpages[pa >> PAGE_SHIFT];
	if (!p)
		return;
	uint64_t first = (pa & PAGE_MASK) >> 2;
	uint64_t last = ((pa & PAGE_MASK) + size - 1) >> 2;
	if (last >= PAGE_INSNS)
		last = PAGE_INSNS - 1;
	p->gen++;
	for (uint64_t i = first; i <= last; i++)
		p->insn[i].fn = ex_decode;
}

void cpu_flush_stlb(struct cpu *c)
{
	memset(c->stlb_ld, 0xff, sizeof c->stlb_ld);
	memset(c->stlb_st, 0xff, sizeof c->stlb_st);
}

void cpu_flush_itlb(struct cpu *c)
{
	memset(c->itlb_soft, 0xff, sizeof c->itlb_soft);
	c->ipage_tag = ~0ull;
}

/* ---- state ---------------------------------------------------------- */

void cpu_init(struct cpu *c, struct bus *b, unsigned id, const struct params *p)
{
	memset(c, 0, sizeof *c);
	c->bus = b;
	c->id = id;
	c->pal = true;                 /* the 21164 resets into PAL mode */
	c->ipr[IPR_IPLR] = 31;
	pm_init(&c->pm, id, PM_SEED_DEFAULT);
	cpu_flush_stlb(c);
	cpu_flush_itlb(c);
	pal_configure_cpu(c, p, NULL);
}

/*
 * Start a bare-metal program (docs/platform.md): kernel mode, superpages
 * enabled for both streams so kseg addresses reach physical memory,
 * HW_* allowed (ICSR.HWE), FP enabled, every interrupt masked.
 */
void cpu_reset_bare(struct cpu *c, uint64_t entry)
{
	c->pal = false;
	c->cm = c->dcm = MODE_KERNEL;
	c->pc = entry;
	c->ipr[IPR_ICSR] |= ICSR_SPE | ICSR_HWE | ICSR_FPE;
	c->ipr[IPR_MCSR] |= MCSR_SP;
	c->ipr[IPR_IPLR] = 31;
	pal_write_ipr(c, IPR_CC_CTL, 1ull << 32, entry); /* RPCC counts cycles */
	cpu_flush_itlb(c);
}

const char *pal_entry_name(unsigned offset)
{
	switch (offset) {
#define X(n, off) case off: return #n;
	PAL_ENTRIES(X)
#undef X
	}
	if (offset >= 0x2000)
		return "CALL_PAL";
	return "?";
}

/* ---- exceptions ----------------------------------------------------- */

void cpu_request_stop(struct cpu *c, enum cpu_stop why)
{
	c->stop = why;
	cpu_set_budget(c, 0);
	c->held = 0;
}

void cpu_swap_shadow(struct cpu *c)
{
	static const uint8_t shadowed[8] = { 8, 9, 10, 11, 12, 13, 14, 25 };
	for (unsigned i = 0; i < 8; i++) {
		uint64_t t = c->r[shadowed[i]];
		c->r[shadowed[i]] = c->shadow[i];
		c->shadow[i] = t;
	}
}

/* Enter PAL mode at PAL_BASE + offset (21164 HRM 6.2); returns the PC. */
uint64_t cpu_enter_pal(struct cpu *c, unsigned offset, uint64_t exc_addr)
{
	c->ipr[IPR_EXC_ADDR] = exc_addr;
	c->lock_flag = false;
	if (!c->pal && (c->ipr[IPR_ICSR] & ICSR_SDE))
		cpu_swap_shadow(c);
	if (c->ipr[IPR_PAL_BASE] == 0 && !c->bus->pal_present) {
		/* Nothing to run the exception: report it like a crash. */
		c->stop = STOP_NOPAL;
		c->nopal_entry = offset;
		cpu_set_budget(c, 0);
		c->held = 0;
	}
	c->pal = true;
	c->pc = c->ipr[IPR_PAL_BASE] + offset;
	return c->pc;
}

/* An exception: the instructions before it are counted in the mode they
 * ran in, the one raising it is not (a fault) or already is (a trap). */
static _Noreturn void enter_pal(struct cpu *c, unsigned offset, uint64_t exc_addr)
{
	intr_pmu_sync(c, exc_addr & ~3ull, 0);
	cpu_enter_pal(c, offset, exc_addr);
	longjmp(c->trap_jmp, 1);
}

uint64_t cpu_call_pal(struct cpu *c, uint64_t pc, uint32_t fn)
{
	/* Functions 0x00-0x3F are privileged, 0x80-0xBF unprivileged; the
	 * rest are reserved (ARM 4.12, 21164 HRM 6.7). */
	bool priv = !(fn & 0x80);
	if ((fn & ~0xbfu) || (priv && !c->pal && c->cm != MODE_KERNEL))
		cpu_opcdec(c, pc);
	unsigned offset = (priv ? 0x2000 : 0x3000) + ((fn & 0x3f) << 6);
	intr_pmu_sync(c, pc, 1);
	cpu_stop_after(c, 1);              /* a run is of one mode */
	return cpu_enter_pal(c, offset, (pc + 4) | c->pal);
}

uint64_t cpu_rei(struct cpu *c, uint64_t pc)
{
	uint64_t to = c->ipr[IPR_EXC_ADDR];
	bool was_pal = c->pal;
	intr_pmu_sync(c, pc, 1);
	cpu_stop_after(c, 1);              /* a run is of one mode */
	c->lock_flag = false;
	c->intr_flag = 0;
	c->pal = to & 1;
	if (was_pal && !c->pal && (c->ipr[IPR_ICSR] & ICSR_SDE))
		cpu_swap_shadow(c);
	return to & ~3ull;
}

_Noreturn void cpu_exception(struct cpu *c, enum pal_entry e, uint64_t exc_pc)
{
	enter_pal(c, e, exc_pc);
}

_Noreturn void cpu_arith_trap(struct cpu *c, const struct dinsn *d,
                              uint64_t pc, uint64_t sum)
{
	/* The trapping instruction completed: count it (in the run), and
	 * name its destination in EXC_MASK (21164 HRM 5.1.16: bit n for
	 * Rn, n+32 for Fn). */
	c->budget--;
	unsigned dst = d->c == 32 ? 31 : d->c;
	bool fp = isa_table[d->op].flags & I_FPC;
	c->ipr[IPR_EXC_SUM] = sum;
	c->ipr[IPR_EXC_MASK] = 1ull << (dst + (fp ? 32 : 0));
	enter_pal(c, PALE_ARITH, (pc + 4) | c->pal);
}

_Noreturn void cpu_opcdec(struct cpu *c, uint64_t pc)
{
	enter_pal(c, PALE_OPCDEC, pc | c->pal);
}

_Noreturn void cpu_fen(struct cpu *c, uint64_t pc)
{
	enter_pal(c, PALE_FEN, pc | c->pal);
}

void cpu_dstream_fault(struct cpu *c, const struct dinsn *d, uint64_t va,
                       unsigned stat)
{
	/* 21164 HRM 5.2: VA, VA_FORM and MM_STAT are loaded by a D-stream
	 * fault and locked until PALcode reads VA; MM_STAT has the opcode
	 * and Ra of the instruction; VA_FORM is MVPTBR<63:33> | VA<42:13>
	 * at <32:3> (the OSF/1 form). */
	if (c->va_locked)
		return;
	c->va_locked = true;
	c->ipr[IPR_VA] = va;
	c->ipr[IPR_VA_FORM] = c->ipr[IPR_MVPTBR] | ((va >> 10) & 0x1fffffff8ull);
	c->ipr[IPR_MM_STAT] = stat | (uint64_t)INSN_RA(d->raw) << MM_STAT_RA_SHIFT |
	                      (uint64_t)INSN_OPCODE(d->raw) << MM_STAT_OPCODE_SHIFT;
}

_Noreturn void cpu_unaligned(struct cpu *c, const struct dinsn *d,
                             uint64_t pc, uint64_t va)
{
	cpu_dstream_fault(c, d, va, (isa_table[d->op].flags & I_STORE) ? MM_STAT_WR : 0);
	enter_pal(c, PALE_UNALIGN, pc | c->pal);
}

/* ---- the loop ------------------------------------------------------- */

/* The loop proper.  It is apart from cpu_run, which calls setjmp: GCC
 * keeps a setjmp caller's variables in memory across every call, the
 * handlers' included, which cost this loop a reload of c per
 * instruction. */
static __attribute__((noinline)) void run(struct cpu *c)
{
	for (;;) {
		if (c->budget <= 0) {
			if (c->held <= 0 || c->stop != STOP_NONE)
				return;
			cpu_set_budget(c, c->held); /* a boundary intr.c wanted */
			c->held = 0;
		}
		if (__builtin_expect(c->events, 0)) {
			intr_functional(c);
			if (c->stop != STOP_NONE)
				return;
		}
		uint64_t pc = c->pc;
		uint64_t tag = (pc & ~PAGE_MASK) | c->pal;
		if (tag != c->ipage_tag) {
			if (!(c->ipage = mem_fetch_page(c, pc)))
				return;            /* out of host memory: c->stop */
			c->ipage_tag = tag;
		}
		struct dpage *p = c->ipage;
		const uint64_t page = pc & ~PAGE_MASK;
		/* Straight-line run within the page, in one mode: whatever
		 * changes the mode ends the run after the instruction that
		 * made it (cpu_call_pal, cpu_rei, intr_update), or is an
		 * exception. */
		cpu_run_begin(c, cpu_count_index(c));
		do {
			const struct dinsn *d = dpage_slot(p, pc);
			pc = d->fn(c, d, pc);
			c->budget--;
		} while ((pc & ~PAGE_MASK) == page && c->budget > 0);
		cpu_run_end(c);
		c->pc = pc;
	}
}

enum cpu_stop cpu_run(struct cpu *c, int64_t budget)
{
	cpu_set_budget(c, budget);
	c->held = 0;
	c->stop = STOP_NONE;
	setjmp(c->trap_jmp);               /* exceptions resume here */
	cpu_run_end(c);                    /* ... ending a run */
	run(c);
	return c->stop == STOP_NONE ? STOP_BUDGET : c->stop;
}
