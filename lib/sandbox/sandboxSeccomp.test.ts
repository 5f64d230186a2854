import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AUDIT_ARCH_X86_64, RET_ALLOW, retErrno } from "./seccompBpf";
import { CLONE_NAMESPACE_FLAGS, DENIED_SYSCALLS, NR_CLONE, NR_CLONE3, sandboxSeccomp } from "./sandboxSeccomp";
import { runBpf } from "./testing/runBpf";

const answer = (nr: number, args?: number[]) => runBpf(sandboxSeccomp(), { nr, arch: AUDIT_ARCH_X86_64, args });
const EPERM = retErrno(1);

describe("the local sandbox's seccomp filter", () => {
  it("uses the kernel's x86_64 numbers (asm/unistd_64.h)", () => {
    const header = readFileSync("/usr/include/x86_64-linux-gnu/asm/unistd_64.h", "utf8");
    const nr = (name: string) => Number(new RegExp(`#define __NR_${name} (\\d+)\\n`).exec(header)?.[1]);
    for (const [name, n] of Object.entries({ ...DENIED_SYSCALLS, clone: NR_CLONE, clone3: NR_CLONE3 }))
      expect([name, n]).toEqual([name, nr(name)]);
  });

  it("refuses what Docker's default profile refuses: namespaces, mounts, keyrings, bpf, ptrace, modules, clocks", () => {
    for (const name of [
      "unshare",
      "setns",
      "mount",
      "umount2",
      "pivot_root",
      "keyctl",
      "add_key",
      "request_key",
      "bpf",
      "perf_event_open",
      "ptrace",
      "kexec_load",
      "init_module",
      "finit_module",
      "delete_module",
      "open_by_handle_at",
      "reboot",
      "swapon",
      "swapoff",
      "userfaultfd",
      "acct",
      "lookup_dcookie",
      "quotactl",
      "settimeofday",
      "clock_settime",
      "fsopen",
      "move_mount",
    ]) {
      expect([name, answer(DENIED_SYSCALLS[name])]).toEqual([name, EPERM]);
    }
  });

  it("lets fork and threads clone, but not into a new namespace; clone3 says ENOSYS so that glibc uses clone", () => {
    const SIGCHLD = 17;
    const THREAD = 0x3d0f00; // glibc pthread_create: VM|FS|FILES|SIGHAND|THREAD|SYSVSEM|SETTLS|PARENT_SETTID|CHILD_CLEARTID
    expect(answer(NR_CLONE, [SIGCHLD])).toBe(RET_ALLOW);
    expect(answer(NR_CLONE, [THREAD])).toBe(RET_ALLOW);
    for (let bit = 0; bit < 32; bit++) {
      const flag = 2 ** bit;
      if (CLONE_NAMESPACE_FLAGS & flag) expect(answer(NR_CLONE, [SIGCHLD | flag])).toBe(EPERM);
    }
    expect(answer(NR_CLONE, [SIGCHLD | 0x10000000])).toBe(EPERM); // CLONE_NEWUSER: `unshare -U` by clone
    expect(answer(NR_CLONE3)).toBe(retErrno(38));
  });

  it("allows everyday calls", () => {
    for (const nr of [0, 1, 2, 9, 59, 61, 62, 257, 262, 302]) expect(answer(nr)).toBe(RET_ALLOW); // read write open mmap execve wait4 kill openat newfstatat prlimit64
  });
});
