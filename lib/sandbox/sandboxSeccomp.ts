// The local sandbox's seccomp filter, close to Docker's default profile: the system calls that
// profile refuses to a container without extra capabilities answer EPERM (namespaces, mounts,
// keyrings, BPF, tracing, kernel modules, clocks, swap, reboot, …). clone is refused only with a
// namespace flag (threads and fork stay); clone3 answers ENOSYS, as in Docker, since its flags sit
// in memory that a filter cannot read and glibc falls back to clone on ENOSYS.
import { compileSeccomp, type SeccompRule } from "./seccompBpf";

const EPERM = 1;
const ENOSYS = 38;
// CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET
export const CLONE_NAMESPACE_FLAGS = 0x7e020000;

/** x86_64 numbers (asm/unistd_64.h; sandboxSeccomp.test.ts checks them against the header). */
export const DENIED_SYSCALLS: Record<string, number> = {
  _sysctl: 156,
  acct: 163,
  add_key: 248,
  bpf: 321,
  clock_adjtime: 305,
  clock_settime: 227,
  create_module: 174,
  delete_module: 176,
  finit_module: 313,
  fsconfig: 431,
  fsmount: 432,
  fsopen: 430,
  fspick: 433,
  get_kernel_syms: 177,
  init_module: 175,
  io_uring_enter: 426,
  io_uring_register: 427,
  io_uring_setup: 425,
  ioperm: 173,
  iopl: 172,
  kcmp: 312,
  kexec_file_load: 320,
  kexec_load: 246,
  keyctl: 250,
  lookup_dcookie: 212,
  mount: 165,
  mount_setattr: 442,
  move_mount: 429,
  name_to_handle_at: 303,
  nfsservctl: 180,
  open_by_handle_at: 304,
  open_tree: 428,
  perf_event_open: 298,
  pivot_root: 155,
  process_vm_readv: 310,
  process_vm_writev: 311,
  ptrace: 101,
  query_module: 178,
  quotactl: 179,
  quotactl_fd: 443,
  reboot: 169,
  request_key: 249,
  setns: 308,
  settimeofday: 164,
  swapoff: 168,
  swapon: 167,
  syslog: 103,
  umount2: 166,
  unshare: 272,
  uselib: 134,
  userfaultfd: 323,
  ustat: 136,
};
export const NR_CLONE = 56;
export const NR_CLONE3 = 435;

export const SANDBOX_SECCOMP_RULES: SeccompRule[] = [
  ...Object.values(DENIED_SYSCALLS).map((nr) => ({ nr, errno: EPERM })),
  { nr: NR_CLONE, errno: EPERM, ifArgHasBits: { arg: 0, mask: CLONE_NAMESPACE_FLAGS } },
  { nr: NR_CLONE3, errno: ENOSYS },
];

let compiled: Buffer | null = null;

/** The compiled filter (the same bytes for every sandbox). */
export function sandboxSeccomp(): Buffer {
  compiled ??= compileSeccomp(SANDBOX_SECCOMP_RULES);
  return compiled;
}

// Run inside the sandbox by its own python3 (the helper's interpreter): the terminal and the helper
// enter the sandbox with nsenter, which needs setns, so they cannot inherit the filter from the host
// side; this installs it in the entered process, then execs the real program.
const INSTALL = `
import ctypes, os, sys
prog = bytes.fromhex(sys.argv[1])
class Prog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]
p = Prog(len(prog) // 8, prog)
libc = ctypes.CDLL(None, use_errno=True)
z = ctypes.c_ulong(0)
# PR_SET_NO_NEW_PRIVS, then PR_SET_SECCOMP with SECCOMP_MODE_FILTER
if libc.prctl(38, ctypes.c_ulong(1), z, z, z) or libc.prctl(22, ctypes.c_ulong(2), ctypes.byref(p), z, z):
    sys.exit("plateau-seccomp: " + os.strerror(ctypes.get_errno()))
os.execv(sys.argv[2], sys.argv[2:])
`;

/** argv that runs `argv` under the filter, for a process that has just entered a sandbox. */
export function withSandboxSeccomp(argv: string[]): string[] {
  return ["/usr/bin/python3", "-I", "-S", "-c", INSTALL, sandboxSeccomp().toString("hex"), ...argv];
}
