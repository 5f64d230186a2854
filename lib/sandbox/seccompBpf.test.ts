import { describe, expect, it } from "vitest";
import { AUDIT_ARCH_X86_64, compileSeccomp, RET_ALLOW, RET_KILL_PROCESS, retErrno } from "./seccompBpf";
import { runBpf } from "./testing/runBpf";

const hex = (b: Buffer) => b.toString("hex").match(/.{16}/g);

describe("seccomp BPF compiler", () => {
  it("emits the arch check, the x32 guard, one test per rule and allow, byte for byte", () => {
    const prog = compileSeccomp([
      { nr: 272, errno: 1 },
      { nr: 56, errno: 1, ifArgHasBits: { arg: 0, mask: 0x10000000 } },
    ]);
    expect(hex(prog)).toEqual([
      "2000000004000000", // ld [4]          arch
      "150001003e0000c0", // jeq x86_64, +1
      "0600000000000080", // ret KILL_PROCESS
      "2000000000000000", // ld [0]          nr
      "3500000100000040", // jge 0x40000000 (x32), +0, +1
      "0600000026000500", // ret ERRNO(ENOSYS)
      "1500000110010000", // jeq 272, +0, +1
      "0600000001000500", // ret ERRNO(EPERM)
      "1500000438000000", // jeq 56, +0, +4
      "2000000010000000", // ld [16]         args[0], low half
      "4500000100000010", // jset 0x10000000, +0, +1
      "0600000001000500", // ret ERRNO(EPERM)
      "2000000000000000", // ld [0]          nr again
      "060000000000ff7f", // ret ALLOW
    ]);
  });

  it("answers what its rules say, and allows the rest", () => {
    const prog = compileSeccomp([
      { nr: 56, errno: 1, ifArgHasBits: { arg: 0, mask: 0x10000000 } },
      { nr: 272, errno: 13 },
    ]);
    const x86 = (nr: number, args?: number[]) => runBpf(prog, { nr, arch: AUDIT_ARCH_X86_64, args });
    expect(x86(272)).toBe(retErrno(13));
    expect(x86(56, [0x10000000 | 0x11])).toBe(retErrno(1)); // the rule after an argument rule still works
    expect(x86(56, [0x11])).toBe(RET_ALLOW);
    expect(x86(0)).toBe(RET_ALLOW);
    expect(x86(0x40000000 + 272)).toBe(retErrno(38)); // the x32 ABI's unshare
    expect(runBpf(prog, { nr: 310, arch: 0x40000003 })).toBe(RET_KILL_PROCESS); // i386 (its unshare is 310)
  });

  it("refuses a filter longer than the kernel takes", () => {
    expect(() => compileSeccomp(Array.from({ length: 2100 }, (_, nr) => ({ nr, errno: 1 })))).toThrow(
      /at most 4096 instructions \(got 4207\)/,
    );
  });
});
