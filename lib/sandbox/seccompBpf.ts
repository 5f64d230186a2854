// A seccomp filter compiled to classic BPF (struct sock_filter[], 8 bytes each, little endian), the
// form that bwrap --seccomp FD and prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER) take. A deny list:
// the listed system calls answer an errno, everything else is allowed. Only x86_64 is admitted
// (another ABI kills the process, and x32 numbers answer ENOSYS), because syscall numbers mean
// different calls on other ABIs and a filter checked for one could be slipped past on another.

export const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
export const RET_KILL_PROCESS = 0x80000000;
export const RET_ALLOW = 0x7fff0000;
export const retErrno = (errno: number): number => (0x00050000 | (errno & 0xffff)) >>> 0;

// struct seccomp_data: nr (u32) at 0, arch (u32) at 4, instruction pointer at 8, args[6] (u64) from 16
const NR = 0;
const ARCH = 4;
const argLow = (i: number) => 16 + 8 * i; // the low 32 bits of a u64 argument (little endian)

// opcodes
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;

export interface SeccompRule {
  nr: number;
  errno: number;
  /** Deny only when the low 32 bits of args[arg] have one of these bits (clone's namespace flags). */
  ifArgHasBits?: { arg: number; mask: number };
}

type Insn = [code: number, jt: number, jf: number, k: number];

export function compileSeccomp(rules: SeccompRule[]): Buffer {
  const prog: Insn[] = [
    [LD_W_ABS, 0, 0, ARCH],
    [JEQ_K, 1, 0, AUDIT_ARCH_X86_64],
    [RET_K, 0, 0, RET_KILL_PROCESS],
    [LD_W_ABS, 0, 0, NR],
    [JGE_K, 0, 1, X32_SYSCALL_BIT],
    [RET_K, 0, 0, retErrno(38)], // ENOSYS
  ];
  for (const r of rules) {
    if (!r.ifArgHasBits) {
      prog.push([JEQ_K, 0, 1, r.nr], [RET_K, 0, 0, retErrno(r.errno)]);
      continue;
    }
    // other call: skip the 4 that follow; bits clear: skip the return, reload nr for the next rules
    prog.push(
      [JEQ_K, 0, 4, r.nr],
      [LD_W_ABS, 0, 0, argLow(r.ifArgHasBits.arg)],
      [JSET_K, 0, 1, r.ifArgHasBits.mask >>> 0],
      [RET_K, 0, 0, retErrno(r.errno)],
      [LD_W_ABS, 0, 0, NR],
    );
  }
  prog.push([RET_K, 0, 0, RET_ALLOW]);
  if (prog.length > 4096) throw new Error(`a seccomp filter has at most 4096 instructions (got ${prog.length})`);
  const buf = Buffer.alloc(prog.length * 8);
  prog.forEach(([code, jt, jf, k], i) => {
    buf.writeUInt16LE(code, i * 8);
    buf.writeUInt8(jt, i * 8 + 2);
    buf.writeUInt8(jf, i * 8 + 3);
    buf.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return buf;
}
