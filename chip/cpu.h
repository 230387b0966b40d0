/*
 * cpu.h - one simulated Alpha 21164 processor: architectural state, the
 * decoded-instruction cache and the execution loop.
 *
 * The functional core is an interpreter over pre-decoded instructions.
 * Each 8 KB physical page that holds code gets an array of 2048 decoded
 * slots (struct dinsn), filled lazily: a slot starts out pointing at the
 * decoder, which decodes the word, rewrites the slot and runs it.  A
 * handler receives the CPU, its slot and the PC and returns the next PC,
 * so straight-line code costs one indirect call per instruction.
 *
 * R31 and F31 are handled once, in the decoder (QEMU target/alpha does the
 * same at translation time): a read of register 31 reads slot 31, which is
 * always zero, and a write to register 31 is redirected to slot 32, a sink
 * nobody reads.
 */
#ifndef ALPHASIM_CPU_H
#define ALPHASIM_CPU_H

#include <stdint.h>
#include <stdbool.h>
#include <setjmp.h>
#include "isa/isa.h"
#include "chip/ipr.h"
#include "timing/issue.h"
#include "chip/tlb.h"
#include "pmu/pmu.h"
#include "pmu/pm.h"

struct cpu;
struct dinsn;
struct bus;
struct params;
struct timing;

typedef uint64_t (*exec_fn)(struct cpu *c, const struct dinsn *d, uint64_t pc);

/* A decoded instruction: 24 bytes, fields extracted once.  Its op,
 * registers and operand flags are also the issue model's timing form of
 * it (ti), which the timed loop hands the model without copying. */
struct dinsn {
	exec_fn  fn;       /* handler; initially the lazy decoder           */
	uint32_t raw;      /* the instruction word                          */
	int32_t  imm;      /* displacement (bytes), literal, or IPR index   */
	union {
		struct issue_insn ti;
		struct {
			uint16_t op;       /* enum isa_op                           */
			uint8_t  a, b;     /* source register slots (31 reads as 0) */
			uint8_t  c;        /* destination slot (32 = the R31/F31    */
			                   /* sink, ISSUE_SINK)                     */
			uint8_t  tflags;   /* the issue model's operand flags       */
			                   /* (IOP_*), set lazily; decode_into's    */
			                   /* memset clears them                    */
		};
	};
	uint8_t  q;        /* FP qualifiers (function bits 10:6)            */
	uint8_t  pad;
};

struct dpage {
	uint64_t     pa;                   /* physical address of the page */
	uint32_t     gen;                  /* changes when slots are made to */
	                                   /* decode again (the timed loop's */
	                                   /* memo of blocks: chip/memo.h)   */
	struct dinsn insn[PAGE_INSNS];
};

/* The slot of the instruction at pc in its page.  PCs are multiples of
 * 4, so the page offset times a quarter of a slot's size is the slot's:
 * one multiply where indexing took a shift and a multiply (the dispatch
 * loops do this once per instruction). */
_Static_assert(sizeof(struct dinsn) % 4 == 0, "a slot is a whole number of words");
static inline struct dinsn *dpage_slot(struct dpage *p, uint64_t pc)
{
	return (struct dinsn *)((char *)p->insn +
	                        (pc & PAGE_MASK & ~3ull) * (sizeof(struct dinsn) / 4));
}

/* Processor modes (ARM 13.2, PS<4:3>).  PAL mode is separate: c->pal. */
enum cpu_mode { MODE_KERNEL = 0, MODE_EXEC = 1, MODE_SUPER = 2, MODE_USER = 3 };

/* What the instruction counters split by (the stats file's names). */
enum cpu_count { CNT_USER, CNT_KERNEL, CNT_PAL, CNT_N };

/* PAL entry points, offsets from PAL_BASE (docs/ev5.md "PAL mode"). */
#define PAL_ENTRIES(X) \
	X(RESET,    0x000) X(IACCVIO, 0x080) X(INTERRUPT, 0x100) \
	X(ITB_MISS, 0x180) X(DTB_MISS_SINGLE, 0x200) X(DTB_MISS_DOUBLE, 0x280) \
	X(UNALIGN,  0x300) X(D_FAULT, 0x380) X(MCHK, 0x400) X(OPCDEC, 0x480) \
	X(ARITH,    0x500) X(FEN, 0x580)
enum pal_entry {
#define X(n, off) PALE_##n = off,
	PAL_ENTRIES(X)
#undef X
};
const char *pal_entry_name(unsigned offset);

/* Why cpu_run stopped. */
enum cpu_stop {
	STOP_NONE, STOP_BUDGET, STOP_EXIT, STOP_HALT, STOP_NOPAL, STOP_LIMIT,
	STOP_CYCLES,
	STOP_NOMEM,                 /* out of host memory (decoded code, the */
	                            /* platform's records of the run)       */
	STOP_IDLE,                  /* every CPU waits for an interrupt that */
	                            /* nothing can raise (platform/wait.c)       */
};

struct stlb_entry {             /* soft TLB: VA page -> host pointer     */
	uint64_t tag;               /* VA & ~PAGE_MASK, or ~0 when empty     */
	uint8_t *host;              /* host address of the page's first byte */
};
#define STLB_SIZE 256

struct itlb_soft {              /* I-side soft TLB: VA page -> PA page   */
	uint64_t tag;               /* VA page | ICM mode, or ~0 when empty  */
	uint64_t pa;
};
#define ITLB_SOFT_SIZE 64

/* Work the run loops do at instruction boundaries (c->events): one byte
 * the functional loop tests once per run of instructions and the timed
 * loop once per instruction (chip/intr.c). */
enum { CPU_EV_IRQ = 1,          /* an interrupt request above IPLR      */
       CPU_EV_PMU = 2,          /* counters counting, or an overflow    */
       CPU_EV_DEV = 4,          /* a device line due (intr.dev_due)     */
       CPU_EV_PM = 8 };         /* the instruction-sampling unit is on: */
                                /* the timed loop gives it every fetch  */

/* Interrupt and counter bookkeeping (chip/intr.c). */
struct cpu_intr {
	unsigned pmu_ipl;           /* EV5 IPL of the counter interrupts    */
	uint64_t cycles_to;         /* the counters counted cycles up to it */
	uint64_t pmu_counted;       /* --timing=off: instructions counted   */
	uint64_t arm_n, arm_pc;     /* --timing=off: the next instruction   */
	bool     armed;             /* (count arm_n + 1) overflows a counter */
	uint64_t dev_due;           /* timed: the cycle the timer raises its */
	                            /* line (intr_dev_due), or UINT64_MAX   */
	uint64_t waited_pal;        /* levels that waited for PAL mode to   */
	uint64_t waited_ipl;        /* end / for IPLR to drop (bit = level) */
	uint64_t taken, taken_pmu, deferred_pal, deferred_ipl;
};

/* An observer of the timed loop (chip/timed_run.c): after each
 * instruction, its PC, the next PC and the cycle it issued.  It may stop
 * the CPU (cpu_request_stop) and nothing else. */
struct cpu;
struct cpu_watch {
	void (*insn)(void *arg, struct cpu *c, uint64_t pc, uint64_t npc, uint64_t t);
	void *arg;
};

struct cpu {
	uint64_t r[33];             /* integer registers; [31]=0, [32] sink  */
	uint64_t f[33];             /* FP registers (T format bits)          */
	uint64_t pc;                /* next instruction, bit 0 clear         */
	bool     pal;               /* PAL mode (PC<0> in the architecture)  */
	uint8_t  cm;                /* Ibox current mode (ICM), enum cpu_mode */
	uint8_t  dcm;               /* Mbox current mode (DTB_CM): data      */
	uint8_t  events;            /* CPU_EV_*                              */
	bool     va_locked;         /* VA, VA_FORM, MM_STAT hold a D-stream  */
	                            /* fault until VA is read (HRM 5.2)      */
	bool     memo;              /* take the fast paths (the memo param-  */
	                            /* eter; docs/performance.md)           */
	uint64_t fpcr;
	uint64_t intr_flag;         /* RC/RS flag (ARM 4.11.8)               */
	uint64_t lock_pa;           /* LDx_L lock: physical block ...        */
	bool     lock_flag;         /* ... and whether it is still held      */
	uint64_t ipr[IPR_COUNT];    /* internal processor registers (ipr.h)  */
	uint64_t shadow[8];         /* PAL shadow of R8-R14, R25             */

	/* decoded code: the page the PC is in */
	uint64_t       ipage_tag;   /* VA page of ipage (~0: none)           */
	bool           ipage_pal;   /* ipage was looked up in PAL mode       */
	struct dpage  *ipage;

	struct stlb_entry stlb_ld[4][STLB_SIZE];   /* per mode, loads        */
	struct stlb_entry stlb_st[4][STLB_SIZE];   /* per mode, stores       */
	struct itlb_soft  itlb_soft[ITLB_SOFT_SIZE];

	/* counting and stopping */
	uint64_t icount[CNT_N];     /* instructions retired by mode          */
	uint64_t cycles;            /* simulated cycles (when timed)         */
	struct timing *timing;      /* the 21164 timing model (chip/model.h), */
	                            /* which owns c->cycles; NULL: --timing=off */
	bool     waiting;           /* waits for an interrupt (platform/wait.c)   */
	uint64_t idle;              /* cycles spent waiting, retiring nothing */
	const struct cpu_watch *watch; /* told of every timed instruction  */
	                            /* (NULL: nobody; sim/view.c watches)    */
	int64_t  budget;            /* instructions left in this slice       */
	int64_t  held;              /* ... held back to stop at a boundary   */
	int64_t  run_mark;          /* the budget when this run began: the   */
	unsigned run_mode;          /* run's instructions not yet in icount, */
	                            /* in this mode (cpu_run_end)           */
	enum cpu_stop stop;
	unsigned nopal_entry;       /* STOP_NOPAL: the PAL entry wanted      */
	int      exit_status;

	unsigned id;                /* WHAMI                                 */
	struct bus *bus;            /* memory and the other CPUs (chip/bus.h) */
	jmp_buf  trap_jmp;          /* exceptions unwind to cpu_run          */

	struct cpu_intr   intr;
	struct pmu        pmu;                     /* performance counters   */
	struct pm         pm;                      /* instruction sampling   */
	                                           /* (docs/precise.md)      */
	struct tlb        itb, dtb;                /* the 21164's ITB, DTB   */
};

void cpu_init(struct cpu *c, struct bus *b, unsigned id, const struct params *p);
void cpu_reset_bare(struct cpu *c, uint64_t entry);

/* Run up to budget instructions with the functional core alone; returns
 * why it stopped.  A timed loop (the 21164 model) must follow the same
 * protocol: setjmp(c->trap_jmp) before running, look pages up with
 * mem_fetch_page into c->ipage/c->ipage_tag (the lazy decoder reads the
 * word through c->ipage), call d->fn(c, d, pc) and count the instruction
 * by decrementing c->budget within a run (cpu_run_begin, cpu_run_end);
 * when c->budget runs out, go on with c->held if it is not zero
 * (chip/intr.c holds budget back to stop at a boundary); and when
 * c->events is set, give chip/intr.c the boundary before each
 * instruction (intr_timed) or each run (cpu.c). */
enum cpu_stop cpu_run(struct cpu *c, int64_t budget);

/* Stop the CPU at the end of the current instruction. */
void cpu_request_stop(struct cpu *c, enum cpu_stop why);

/* Exceptions: enter PAL at the given entry; never return.  For faults the
 * PC is the faulting instruction's, for traps the next one's (ARM 6.3). */
_Noreturn void cpu_exception(struct cpu *c, enum pal_entry e, uint64_t exc_pc);
_Noreturn void cpu_arith_trap(struct cpu *c, const struct dinsn *d,
                              uint64_t pc, uint64_t sum);
_Noreturn void cpu_opcdec(struct cpu *c, uint64_t pc);
/* An FP instruction with ICSR.FPE clear (21164 HRM 5.1.17). */
_Noreturn void cpu_fen(struct cpu *c, uint64_t pc);
/* Load VA, VA_FORM and MM_STAT (stat: the MM_STAT_* bits) for a
 * D-stream fault of instruction d at va, unless they are locked. */
void cpu_dstream_fault(struct cpu *c, const struct dinsn *d, uint64_t va,
                       unsigned stat);
/* CALL_PAL: checks the function and mode, enters PAL; returns the new PC. */
uint64_t cpu_call_pal(struct cpu *c, uint64_t pc, uint32_t fn);
/* HW_REI at pc: leave PAL for EXC_ADDR; returns the new PC. */
uint64_t cpu_rei(struct cpu *c, uint64_t pc);
/* Enter PAL at PAL_BASE + offset with EXC_ADDR exc_addr, without
 * unwinding (an interrupt at an instruction boundary); returns the PC. */
uint64_t cpu_enter_pal(struct cpu *c, unsigned offset, uint64_t exc_addr);
/* Exchange R8-R14, R25 with the PAL shadow registers (ICSR.SDE). */
void cpu_swap_shadow(struct cpu *c);
/* The lazy decoder's work for slot d of c->ipage, if not done yet. */
void cpu_decode_slot(struct cpu *c, struct dinsn *d);
_Noreturn void cpu_unaligned(struct cpu *c, const struct dinsn *d,
                             uint64_t pc, uint64_t va);

/*
 * Interrupt requests (21164 HRM 5.1 ISR; docs/ev5.md "Interrupt levels"):
 * a hardware source (a device, the IPI logic) sets or clears its ISR
 * line: IRQ0-3 (ISR_IRQ0 + 0..3, EV5 IPL 20-23), ISR_PFL (30), ISR_MCK
 * (31), ISR_CRD (31), ISR_HLT (any IPL); other bits are ignored (the
 * counters' PC0-2 belong to the PMU).  The CPU takes the highest request
 * whose EV5 IPL is above IPLR at the next instruction boundary outside
 * PAL mode, entering PAL at INTERRUPT (chip/intr.c, docs/pal.md).  A
 * line stays set until its source clears it.
 */
void cpu_irq(struct cpu *c, unsigned isr_bit, bool on);

/* Forget decoded instructions in [pa, pa+size) (a store hit them). */
void cpu_invalidate_code(struct bus *b, uint64_t pa, uint64_t size);
/* Forget soft-TLB contents (mapping, ASN or superpage change): the
 * D-side tables, and the I-side with the page being run. */
void cpu_flush_stlb(struct cpu *c);
void cpu_flush_itlb(struct cpu *c);

/*
 * Counting instructions by the budget they use: a run of instructions in
 * one mode (the loops' straight-line runs within a page) only decrements
 * c->budget, one store per instruction where counting each in icount too
 * took two; cpu_run_end adds what the run used to c->icount[run_mode].
 * Until then cpu_insns counts it, so handlers see the exact count, and
 * whoever changes the budget goes through cpu_set_budget, which keeps it.
 */
static inline void cpu_set_budget(struct cpu *c, int64_t budget)
{
	c->run_mark += budget - c->budget;
	c->budget = budget;
}

/* Hold budget back so the run stops after k more instructions (the
 * loops go on with c->held). */
static inline void cpu_stop_after(struct cpu *c, uint64_t k)
{
	if ((int64_t)k < c->budget) {
		c->held += c->budget - (int64_t)k;
		cpu_set_budget(c, (int64_t)k);
	}
}

static inline void cpu_run_begin(struct cpu *c, unsigned mode)
{
	c->run_mode = mode;
	c->run_mark = c->budget;
}

/* Also after an exception's longjmp: the faulting instruction did not use
 * its budget. */
static inline void cpu_run_end(struct cpu *c)
{
	c->icount[c->run_mode] += (uint64_t)(c->run_mark - c->budget);
	c->run_mark = c->budget;
}

/* Instructions retired so far, all modes. */
static inline uint64_t cpu_insns(const struct cpu *c)
{
	return c->icount[CNT_USER] + c->icount[CNT_KERNEL] + c->icount[CNT_PAL] +
	       (uint64_t)(c->run_mark - c->budget);
}

/* Cycles so far: the timing model's count, or one per instruction when
 * the functional core runs alone (--timing=off), plus the cycles spent
 * waiting for an interrupt (which the timing model counts itself). */
static inline uint64_t cpu_cycles(const struct cpu *c)
{
	return c->timing ? c->cycles : cpu_insns(c) + c->idle;
}

static inline unsigned cpu_count_index(const struct cpu *c)
{
	return c->pal ? CNT_PAL : c->cm == MODE_USER ? CNT_USER : CNT_KERNEL;
}

/* The counters' mode (the KILL bits): the same split. */
_Static_assert(CNT_USER == (int)PMU_USER && CNT_KERNEL == (int)PMU_KERNEL &&
               CNT_PAL == (int)PMU_PAL, "enum cpu_count follows enum pmu_mode");
static inline enum pmu_mode cpu_pmu_mode(const struct cpu *c)
{
	return (enum pmu_mode)cpu_count_index(c);
}

#endif
