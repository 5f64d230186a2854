import { describe, expect, it } from "vitest";
import { RunRename } from "./editRun";

describe("RunRename", () => {
  it("takes a trimmed name", () => expect(RunRename.parse({ name: "  react on fs 4 " })).toEqual({ name: "react on fs 4" }));
  it.each([[{ name: "" }], [{ name: "a,b" }], [{ name: "x".repeat(201) }], [{ name: "ok", extra: 1 }], [{}]])(
    "refuses %o",
    (body) => expect(RunRename.safeParse(body).success).toBe(false),
  );
});
