import { describe, expect, it } from "vitest";
import { dockerDiskCap, isSizeRefusal } from "./dockerDiskCap";

describe("whether a Docker engine can cap a sandbox's disk", () => {
  it("caps on btrfs (whose quota mode says whether the image counts: the driver asks) and zfs (where only what is written counts)", () => {
    expect(dockerDiskCap({ Driver: "btrfs", DriverStatus: [["Build Version", "Btrfs v6.2"]] }, true)).toEqual({
      kind: "size",
      imageCounts: "ask",
    });
    expect(dockerDiskCap({ Driver: "zfs" }, false)).toEqual({ kind: "size", imageCounts: false });
  });

  it("tries overlay2 on xfs (it works only with pquota, which /info does not show)", () => {
    expect(dockerDiskCap({ Driver: "overlay2", DriverStatus: [["Backing Filesystem", "xfs"]] }, false)).toEqual({ kind: "try" });
  });

  it("says plainly that overlay2 on extfs is not capped, and what to do when the engine is Plateau's", () => {
    const cap = dockerDiskCap(
      {
        Driver: "overlay2",
        DriverStatus: [
          ["Backing Filesystem", "extfs"],
          ["Supports d_type", "true"],
        ],
      },
      true,
    );
    expect(cap).toEqual({
      kind: "none",
      why: expect.stringMatching(
        /^sandbox disk NOT capped: the engine keeps containers on overlay2 on extfs, .*scripts\/engine\.sh stop && scripts\/engine\.sh start/,
      ),
    });
  });

  it("tells the operator of an engine Plateau does not own how to get a cap", () => {
    const cap = dockerDiskCap({ Driver: "vfs", DriverStatus: null }, false);
    expect(cap.kind).toBe("none");
    expect(cap.kind === "none" && cap.why).toMatch(
      /on vfs, .*Plateau does not own this engine; run it with --storage-driver=btrfs/,
    );
  });

  it("recognises the engine refusing a size", () => {
    expect(
      isSizeRefusal(
        new Error(
          "(HTTP code 500) server error - --storage-opt is supported only for overlay over xfs with 'pquota' mount option",
        ),
      ),
    ).toBe(true);
    expect(isSizeRefusal(new Error("(HTTP code 404) no such image - plateau/nope"))).toBe(false);
  });
});
