// A classic-BPF interpreter for the few opcodes seccompBpf.ts emits, so that tests can ask what a
// compiled filter answers to a given system call. An opcode it does not know fails the test.

export interface SeccompData {
  nr: number;
  arch: number;
  args?: number[];
}

export function runBpf(prog: Buffer, data: SeccompData): number {
  const mem = Buffer.alloc(64);
  mem.writeUInt32LE(data.nr >>> 0, 0);
  mem.writeUInt32LE(data.arch >>> 0, 4);
  (data.args ?? []).forEach((a, i) => mem.writeBigUInt64LE(BigInt(a), 16 + 8 * i));
  let acc = 0;
  for (let pc = 0; pc < prog.length / 8; pc++) {
    const code = prog.readUInt16LE(pc * 8);
    const jt = prog.readUInt8(pc * 8 + 2);
    const jf = prog.readUInt8(pc * 8 + 3);
    const k = prog.readUInt32LE(pc * 8 + 4);
    switch (code) {
      case 0x20:
        acc = mem.readUInt32LE(k);
        break;
      case 0x15:
        pc += acc === k ? jt : jf;
        break;
      case 0x35:
        pc += acc >= k ? jt : jf;
        break;
      case 0x45:
        pc += (acc & k) !== 0 ? jt : jf;
        break;
      case 0x06:
        return k;
      default:
        throw new Error(`unknown BPF opcode 0x${code.toString(16)} at ${pc}`);
    }
  }
  throw new Error("the filter ran off its end without returning");
}
