import { describe, expect, it } from "vitest";
import { sandboxDiskBytes } from "./sandboxDiskBytes";

describe("sandbox disk setting", () => {
  it("is 512 MiB unless PLATEAU_SANDBOX_DISK_MB says otherwise", () => {
    expect(sandboxDiskBytes({})).toBe(512 * 1024 * 1024);
    expect(sandboxDiskBytes({ PLATEAU_SANDBOX_DISK_MB: " 64 " })).toBe(64 * 1024 * 1024);
  });

  it("refuses a value that is not a usable size, naming the setting", () => {
    for (const bad of ["abc", "1.5", "-5", "8", "0x40"]) {
      expect(() => sandboxDiskBytes({ PLATEAU_SANDBOX_DISK_MB: bad })).toThrow(/PLATEAU_SANDBOX_DISK_MB .*at least 16.*got "/);
    }
  });
});
