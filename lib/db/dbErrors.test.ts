import { describe, expect, it } from "vitest";
import { isPermanentDbError, isUniqueViolation } from "./dbErrors";

describe("which database errors a retry can cure", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  it("data errors are permanent; an unreachable server, a timeout or a pool wait are not", () => {
    expect(isPermanentDbError(withCode("P2002"))).toBe(true);
    expect(isPermanentDbError(withCode("P2025"))).toBe(true);
    expect(isPermanentDbError(Object.assign(new Error("bad"), { name: "PrismaClientValidationError" }))).toBe(true);
    for (const code of ["P1001", "P1017", "P2024", "P2028", "P2034", "ECONNREFUSED"]) expect(isPermanentDbError(withCode(code))).toBe(false);
    expect(isPermanentDbError(new Error("Query read timeout"))).toBe(false);
  });
  it("a unique violation is told apart (a retry meeting its own committed insert)", () => {
    expect(isUniqueViolation(withCode("P2002"))).toBe(true);
    expect(isUniqueViolation(withCode("P2003"))).toBe(false);
  });
});
