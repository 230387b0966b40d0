/*
 * iomap.h - the platform's device registers as the guest sees them
 * (docs/platform.md): where each device's page lies in physical I/O
 * space and its registers' offsets in it.  Registers are 64-bit, at
 * 8-byte steps; per-CPU devices (timer, IPI, simctl's hint registers)
 * show each CPU its own registers at the same addresses.
 *
 * The one copy of the map: the simulator's devices (platform/), minios
 * (C and PALcode) and the bare-metal test programs include it, from C
 * and from assembly, so it holds plain numbers only.
 */
#ifndef ABI_IOMAP_H
#define ABI_IOMAP_H

/* I/O space: PA<39> = 1, as on 21164 systems; a device owns one 8 KB
 * page of it. */
#define IO_BASE          0x8000000000
#define IO_CONSOLE       (IO_BASE + 0x0000)
#define IO_SIMCTL        (IO_BASE + 0x2000)
#define IO_TIMER         (IO_BASE + 0x4000)
#define IO_IPI           (IO_BASE + 0x6000)
#define IO_HOSTFS        (IO_BASE + 0x8000)

/* console */
#define CON_PUTC         0x00     /* write: a byte to standard output */
#define CON_ERRC         0x08     /* write: a byte to standard error  */
#define CON_GETC         0x10     /* read: a byte of standard input,  */
                                  /* all ones at its end              */
#define CON_OUTSYNC      0x18     /* read: 0 once standard output's   */
                                  /* bytes are written, else -errno   */
#define CON_ERRSYNC      0x20     /* read: the same for standard error */

/* simctl: the simulator's control and the truth's hints */
#define SIMCTL_EXIT      0x00     /* write: stop, with this status    */
#define SIMCTL_MARK      0x08     /* write: a run marker              */
#define SIMCTL_ICOUNT    0x10     /* read: this CPU's instructions    */
#define SIMCTL_CYCLES    0x18     /* read: this CPU's cycles          */
#define SIMCTL_CPUID     0x20     /* read: this CPU's number          */
#define SIMCTL_NCPUS     0x28     /* read: the number of CPUs         */
#define SIMCTL_HALT      0x30     /* write: this CPU stops for good   */
#define SIMCTL_WAIT      0x38     /* write: wait for an interrupt     */
#define SIMCTL_PID       0x40     /* PID ... PATHLEN: the staging     */
#define SIMCTL_ASN       0x48     /* registers of a hint, per CPU     */
#define SIMCTL_BASE      0x50
#define SIMCTL_SIZE      0x58
#define SIMCTL_OFFSET    0x60
#define SIMCTL_IDENT     0x68
#define SIMCTL_PATH      0x70
#define SIMCTL_PATHLEN   0x78
#define SIMCTL_HINT      0x80     /* write: record the hint of this kind: */
#define SIMCTL_KILLER    0x88     /* write: process 1 dies of a signal */
                                  /* this other process sent (its id) */
#define SIMCTL_HINT_CONTEXT 1     /*   this CPU runs PID under ASN    */
#define SIMCTL_HINT_IMAGE   2     /*   PID mapped an image            */

/* interval timer */
#define TIMER_CTRL       0x00     /* bit 0: ticking                   */
#define TIMER_PENDING    0x08     /* a tick is unacknowledged; any    */
                                  /* write acknowledges it            */
#define TIMER_TICKS      0x10     /* ticks so far                     */
#define TIMER_NEXT       0x18     /* the cycle of the next tick       */
#define TIMER_HZ         0x20     /* ticks per second of simulated time */

/* interprocessor interrupts */
#define IPI_WHAMI        0x00     /* read: this CPU's number          */
#define IPI_SEND         0x08     /* write: interrupt a mask of CPUs  */
#define IPI_PENDING      0x10     /* the senders' mask; a write clears */
                                  /* the bits written as 1            */
#define IPI_RECEIVED     0x18     /* read: IPIs received              */

/* hostfs (its request block: abi/hostfs.h) */
#define HOSTFS_REG_REQ   0x00     /* write: a request block's address */
#define HOSTFS_REG_OPS   0x08     /* read: requests served            */
#define HOSTFS_REG_MOUNTS 0x10    /* read: bit n set: mount n present */

#endif
