/*
 * exec_fp.c - FP operates (placeholder semantics: host arithmetic,
 * no qualifiers or traps).  Being replaced by the exact implementation.
 */
#include "sim/exec.h"
#include "sim/fpu.h"
#include <string.h>

static double d_of(uint64_t x) { double v; memcpy(&v, &x, 8); return v; }
static uint64_t b_of(double v) { uint64_t x; memcpy(&x, &v, 8); return x; }
static uint64_t s_round(double v)
{
	float f = (float)v; uint32_t u; memcpy(&u, &f, 4); return fp_s_to_reg(u);
}

#define FOP(id, expr) EXEC(id) { double A = d_of(FA), B = d_of(FB); (void)A; (void)B; SET_FC(expr); return pc + 4; }
FOP(adds, s_round(A + B))
FOP(subs, s_round(A - B))
FOP(muls, s_round(A * B))
FOP(divs, s_round(A / B))
FOP(addt, b_of(A + B))
FOP(subt, b_of(A - B))
FOP(mult, b_of(A * B))
FOP(divt, b_of(A / B))
FOP(cmptun, (A != A || B != B) ? 0x4000000000000000ull : 0)
FOP(cmpteq, A == B ? 0x4000000000000000ull : 0)
FOP(cmptlt, A < B ? 0x4000000000000000ull : 0)
FOP(cmptle, A <= B ? 0x4000000000000000ull : 0)
FOP(cvtts, s_round(B))
FOP(cvttq, (uint64_t)(int64_t)B)
FOP(cvtqs, s_round((double)(int64_t)FB))
FOP(cvtqt, b_of((double)(int64_t)FB))
FOP(cvtst, FB)
FOP(sqrts, s_round(__builtin_sqrt(B)))
FOP(sqrtt, b_of(__builtin_sqrt(B)))
EXEC(cvtlq) { uint64_t b = FB; SET_FC((uint64_t)(int64_t)(int32_t)(((b >> 32) & 0xc0000000) | ((b >> 29) & 0x3fffffff))); return pc + 4; }
EXEC(cvtql) { uint64_t b = FB; SET_FC(((b & 0xc0000000) << 32) | ((b & 0x3fffffff) << 29)); return pc + 4; }
EXEC(cpys)  { SET_FC((FA & (1ull << 63)) | (FB & ~(1ull << 63))); return pc + 4; }
EXEC(cpysn) { SET_FC((~FA & (1ull << 63)) | (FB & ~(1ull << 63))); return pc + 4; }
EXEC(cpyse) { SET_FC((FA & (0xfffull << 52)) | (FB & ~(0xfffull << 52))); return pc + 4; }
EXEC(mt_fpcr) { c->fpcr = FA; return pc + 4; }
EXEC(mf_fpcr) { SET_FC(c->fpcr); return pc + 4; }
#define FCMOV(id, cond) EXEC(id) { uint64_t F = FA; bool z = !(F << 1), n = F >> 63; (void)z; (void)n; if (cond) SET_FC(FB); return pc + 4; }
FCMOV(fcmoveq, z)
FCMOV(fcmovne, !z)
FCMOV(fcmovlt, n && !z)
FCMOV(fcmovle, n || z)
FCMOV(fcmovgt, !n && !z)
FCMOV(fcmovge, !n || z)
EXEC(itofs) { SET_FC(fp_s_to_reg((uint32_t)RA)); return pc + 4; }
EXEC(itoft) { SET_FC(RA); return pc + 4; }
EXEC(ftoit) { SET_RC(FA); return pc + 4; }
EXEC(ftois) { SET_RC(SEXT32(fp_reg_to_s(FA))); return pc + 4; }
