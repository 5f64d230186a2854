import { describe, expect, it } from "vitest";
import { safeNext } from "./safeNext";

describe("safeNext", () => {
  it("keeps paths of this site and refuses everything that leaves it", () => {
    expect(safeNext("/play/3?episode=x")).toBe("/play/3?episode=x");
    for (const bad of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "", undefined])
      expect(safeNext(bad)).toBe("/");
    expect(safeNext(["/tasks", "/x"])).toBe("/tasks");
  });
});
