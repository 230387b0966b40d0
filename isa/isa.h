/*
 * isa.h - the Alpha instruction set as data.
 *
 * Every instruction alphasim knows is one line of isa/insns.def (an X-macro
 * list in the style of Spike's encoding table).  That one list generates:
 * the decoder (this module), the execution dispatch (chip/exec_*.c define
 * one handler per line), the disassembler (isa/disasm.c) and the timing
 * class used by the 21164 issue model (timing/issue.c: pipe, latency class
 * and timing column per line).
 *
 * Instruction formats and field positions follow the Alpha Architecture
 * Reference Manual (4th ed.), section 3.3 "Instruction Formats".
 */
#ifndef ALPHASIM_ISA_H
#define ALPHASIM_ISA_H

#include <stdint.h>
#include <stdbool.h>

/* ---- fields, extracted once (QEMU target/alpha style) ---------------- */
#define INSN_OPCODE(w)  (((w) >> 26) & 0x3f)
#define INSN_RA(w)      (((w) >> 21) & 0x1f)
#define INSN_RB(w)      (((w) >> 16) & 0x1f)
#define INSN_RC(w)      ((w) & 0x1f)
#define INSN_DISP16(w)  ((int32_t)(int16_t)((w) & 0xffff))
#define INSN_DISP21(w)  ((int32_t)((w) << 11) >> 11)          /* in insns */
#define INSN_ISLIT(w)   (((w) >> 12) & 1)
#define INSN_LIT(w)     (((w) >> 13) & 0xff)
#define INSN_FUNC7(w)   (((w) >> 5) & 0x7f)
#define INSN_FUNC11(w)  (((w) >> 5) & 0x7ff)
#define INSN_PALFN(w)   ((w) & 0x3ffffff)
#define INSN_JHINT(w)   ((w) & 0x3fff)
#define INSN_DISP14(w)  ((int32_t)((w) << 18) >> 18)          /* in insns */
/* HW_LD/HW_ST (21164 HRM 6.6): bits 15..10 are flags, 9..0 displacement. */
#define INSN_HWDISP(w)  ((int32_t)((w) << 22) >> 22)
#define INSN_HWIPR(w)   ((w) & 0xffff)

/* Arithmetic trap summary bits, in which the FPU and the integer /V
 * operates report a trap: where the 21164 has them in EXC_SUM (21164
 * HRM 5.1.15: bits 16:10 SWC, INV, DZE, FOV, UNF, INE, IOV). */
enum {
	EXC_SUM_SWC = 1u << 10, EXC_SUM_INV = 1u << 11, EXC_SUM_DZE = 1u << 12,
	EXC_SUM_FOV = 1u << 13, EXC_SUM_UNF = 1u << 14, EXC_SUM_INE = 1u << 15,
	EXC_SUM_IOV = 1u << 16,
};

/* Pages: the 21164's are 8 KB (docs/ev5.md "Memory system"), so a page
 * of code holds PAGE_INSNS instructions. */
#define PAGE_SHIFT   13
#define PAGE_SIZE    (1ull << PAGE_SHIFT)
#define PAGE_MASK    (PAGE_SIZE - 1)
#define PAGE_INSNS   (PAGE_SIZE / 4)

/* Operand layouts, named by what the disassembler prints. */
enum isa_args {
	A_NONE,     /* trapb, mb, hw_rei                                  */
	A_PAL,      /* call_pal function                                  */
	A_MEM,      /* ra,disp(rb)                                        */
	A_FMEM,     /* fa,disp(rb)                                        */
	A_MEMB,     /* (rb)           fetch, fetch_m, ecb, wh64           */
	A_RA,       /* ra             rpcc, rc, rs                        */
	A_BRA,      /* ra,target                                          */
	A_FBRA,     /* fa,target                                          */
	A_JMP,      /* ra,(rb),hint                                       */
	A_OPR,      /* ra,rb|#lit,rc                                      */
	A_OPRBC,    /* rb|#lit,rc     sextb, ctpop, amask, unpk/pk ...    */
	A_OPRC,     /* rc             implver                             */
	A_FOPR,     /* fa,fb,fc                                           */
	A_FOPRBC,   /* fb,fc          conversions, sqrt                   */
	A_FOPRA,    /* fa             mt_fpcr, mf_fpcr                    */
	A_ITOF,     /* ra,fc                                              */
	A_FTOI,     /* fa,rc                                              */
	A_HWMFPR,   /* ra,ipr                                             */
	A_HWMTPR,   /* ra,ipr                                             */
	A_HWMEM,    /* ra,disp(rb)    hw_ld, hw_st with flag suffixes     */
	A_COUNT
};

/* 21164 issue pipes (docs/ev5.md "Pipe classes"). */
enum isa_pipe {
	P_NONE, P_E0, P_E1, P_EE /* E0 or E1 */, P_FA, P_FM, P_FAM /* FA or FM */,
};

/* Latency classes (docs/ev5.md "Latencies"); the timing model maps them to
 * cycles from the machine description. */
enum isa_lat {
	L_NONE, L_INT, L_SHIFT, L_CMOV, L_MVI, L_RPCC, L_LOAD, L_STORE,
	L_IMULL, L_IMULQ, L_UMULH, L_FADD, L_FMUL, L_FCPYS, L_FDIVS, L_FDIVT,
	L_FBR, L_BR, L_MISC,
};

/* Instruction properties. */
enum {
	I_LOAD    = 1u << 0,
	I_STORE   = 1u << 1,
	I_BRANCH  = 1u << 2,   /* any control transfer                       */
	I_COND    = 1u << 3,   /* conditional branch                         */
	I_WRA     = 1u << 4,   /* writes Ra (loads, BR/BSR/JSR link, RPCC...) */
	I_WRC     = 1u << 5,   /* writes Rc / Fc                             */
	I_FPA     = 1u << 6,   /* Ra field names an FP register              */
	I_FPB     = 1u << 7,   /* Rb field names an FP register              */
	I_FPC     = 1u << 8,   /* the destination is an FP register          */
	I_PRIV    = 1u << 9,   /* HW_* : PAL mode or ICSR.HWE only           */
	I_LOCK    = 1u << 10,  /* LDx_L / STx_C                              */
	I_TRAPS   = 1u << 11,  /* may raise an arithmetic trap               */
	I_CVTI    = 1u << 12,  /* FP to integer conversion: /U is spelt /V   */
};

/*
 * Timing facts beyond the pipe, the latency class and the flags (the
 * 21164 issue model, timing/issue.h).  Loads, stores and conditional
 * branches are known from I_*, the multiplier and the divider from the
 * latency class; this column names the other control transfers and the
 * barriers (bits 3:0), and the operand facts (the other bits).
 */
enum isa_timing {
	T_BR = 1, T_BSR,                  /* BR; BSR pushes the return stack  */
	T_JMP, T_JSR, T_RET, T_JCR,       /* the jump kinds (ARM 4.3.6)       */
	T_CALLPAL, T_REI,                 /* enter PAL; leave it (HW_REI)     */
	T_MB, T_WMB,                      /* memory barriers                  */
	T_KIND  = 0xf,                    /* the bits of the kind above       */
	T_TEST0 = 1u << 4,   /* integer compare or logical: a branch or CMOV
	                        test may read its result in the cycle it
	                        issues (GCC's config/alpha/ev5.md: bypass
	                        0 ilog,icmp -> ibr,icmov)                    */
	T_TEST  = 1u << 5,   /* Ra is such a test (integer branch, CMOV)      */
	T_CMOV  = 1u << 6,   /* conditional move: also reads its destination */
	T_PHYS  = 1u << 7,   /* HW_LD/HW_ST: bit 15 makes the address physical */
	T_QUAD  = 1u << 8,   /* LDQ_U/STQ_U: the address's low 3 bits are ignored */
};

/* Instruction-set extensions (AMASK bits, ARM 4.11 and appendix D). */
enum isa_ext {
	X_BASE = 0, X_BWX = 1 << 0, X_FIX = 1 << 1, X_CIX = 1 << 2,
	X_MVI = 1 << 8, X_VAX = 1 << 16 /* not an AMASK bit: VAX FP */,
	X_PAL = 1 << 17 /* not an AMASK bit: 21164 PAL HW_* */,
};

/*
 * FP qualifier sets.  For opcodes 0x14-0x17 the 11-bit function holds the
 * operation in bits 5:0 and qualifiers in bits 10:6: trap mode in 10:8 and
 * rounding mode in 7:6 (ARM 4.7.9, Table 4-13).  A table line gives the
 * function of the plain form and the set of qualifier values (bits 10:6)
 * that are legal; QS_EXACT means only the listed function itself.
 */
#define QBIT(q)        (1u << (q))
#define QTRAP(t)       (0xfu << ((t) << 2))    /* trap mode t, any rounding */
enum isa_qset {
	QS_EXACT = 0,
	/* IEEE arithmetic: none, /U, /SU, /SUI, each with /C /M /D or none */
	QS_IEEE = QTRAP(0) | QTRAP(1) | QTRAP(5) | QTRAP(7),
	/* CVTTQ: the same encodings, spelt /V /SV /SVI */
	QS_CVTTQ = QS_IEEE,
	/* CVTQS, CVTQT: none or /SUI, with any rounding */
	QS_CVTQ = QTRAP(0) | QTRAP(7),
	/* CMPTxx: none or /SU, normal rounding only */
	QS_CMP = QBIT(0x02) | QBIT(0x16),
	/* CVTST: none or /S (its trap field is 010, normal rounding) */
	QS_CVTST = QBIT(0x0a) | QBIT(0x1a),
	/* CVTQL: none, /V, /SV (rounding field 00) */
	QS_CVTQL = QBIT(0x00) | QBIT(0x04) | QBIT(0x14),
	/* VAX arithmetic: none, /U, /S, /SU with /C or none */
	QS_VAX = QBIT(0x02) | QBIT(0x00) | QBIT(0x06) | QBIT(0x04) |
	         QBIT(0x12) | QBIT(0x10) | QBIT(0x16) | QBIT(0x14),
	/* VAX CVTGQ: none, /V, /S, /SV with /C or none */
	QS_VAXCVTQ = QS_VAX,
	/* VAX CMPGxx: none or /S */
	QS_VAXCMP = QBIT(0x02) | QBIT(0x12),
	/* VAX CVTQF, CVTQG: none or /C */
	QS_VAXCVTQF = QBIT(0x02) | QBIT(0x00),
};

/* Qualifier fields of a decoded FP instruction (bits 10:6 of the function). */
#define FPQ_ROUND(q)   ((q) & 3)           /* 0 /C, 1 /M, 2 normal, 3 /D */
#define FPQ_TRAP(q)    (((q) >> 2) & 7)
#define FPQ_U          1                   /* /U or /V: underflow/overflow enable */
#define FPQ_S(q)       (((q) >> 4) & 1)    /* software completion       */
#define FPQ_I(q)       (FPQ_TRAP(q) == 7)  /* inexact enable (/SUI)     */

/* One line of the table. */
struct isa_insn {
	const char *name;       /* mnemonic, lower case, as objdump prints it */
	uint8_t  opcode;
	uint16_t func;          /* function field value (meaning per opcode)  */
	uint32_t qset;          /* legal qualifiers (FP opcodes only)         */
	uint8_t  args;          /* enum isa_args                              */
	uint8_t  pipe;          /* enum isa_pipe                              */
	uint8_t  lat;           /* enum isa_lat                               */
	uint32_t flags;         /* I_* */
	uint32_t ext;           /* enum isa_ext                               */
	uint16_t timing;        /* enum isa_timing                            */
};

/* The table, indexed by enum isa_op. */
enum isa_op {
#define INSN(id, name, opc, fn, qs, args, pipe, lat, flags, ext, timing) OP_##id,
#include "isa/insns.def"
#undef INSN
	OP_COUNT,
	OP_ILLEGAL = OP_COUNT,   /* returned by isa_decode for an illegal word */
};
extern const struct isa_insn isa_table[OP_COUNT];

/* Where the function field lives for each primary opcode. */
enum isa_fnfield { FN_NONE, FN_OPR7, FN_FP11, FN_MISC16, FN_JMP2, FN_PAL };
extern const uint8_t isa_fnfield[64];

/* Does word w encode table line op (opcode, function and qualifier)? */
bool isa_matches(unsigned op, uint32_t w);

/* Decode one instruction word: the table index, or OP_ILLEGAL.  When q is
 * not NULL it receives the FP qualifier bits (function bits 10:6). */
unsigned isa_decode(uint32_t w, unsigned *q);

/* Build an instruction word (for tests and tools); the inverse of decode
 * for the given table line and qualifier bits. */
uint32_t isa_encode(unsigned op, unsigned ra, unsigned rb, unsigned rc,
                    unsigned q);

#endif
