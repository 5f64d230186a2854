import { describe, expect, it } from "vitest";
import { isPermanentDbError, isUniqueViolation } from "./dbErrors";

describe("which database errors a retry can cure", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  it("data errors are permanent; an unreachable server, a timeout or a pool wait are not", () => {
    expect(isPermanentDbError(withCode("P2002"))).toBe(true);
    expect(isPermanentDbError(withCode("P2025"))).toBe(true);
    expect(isPermanentDbError(Object.assign(new Error("bad"), { name: "PrismaClientValidationError" }))).toBe(true);
    for (const code of ["P1001", "P1017", "P2024", "P2028", "P2034", "ECONNREFUSED"])
      expect(isPermanentDbError(withCode(code))).toBe(false);
    expect(isPermanentDbError(new Error("Query read timeout"))).toBe(false);
  });
  it("a raw query's failure is judged by its SQLSTATE: a lost connection passes, a refused value does not", () => {
    const raw = (state?: string) =>
      Object.assign(new Error("Raw query failed"), { code: "P2010", meta: state ? { code: state } : {} });
    expect(isPermanentDbError(raw("22021"))).toBe(true); // a NUL byte in text
    expect(isPermanentDbError(raw("23505"))).toBe(true);
    for (const state of ["08006", "57P01", "53300"]) expect(isPermanentDbError(raw(state))).toBe(false);
    expect(isPermanentDbError(raw())).toBe(false);
  });
  it("a statement sent through pg is judged by the SQLSTATE PostgreSQL answered; pg's own failures retry", () => {
    const answered = (state: string) => Object.assign(new Error("refused"), { code: state, severity: "ERROR" });
    expect(isPermanentDbError(answered("22021"))).toBe(true);
    expect(isPermanentDbError(answered("57P01"))).toBe(false);
    for (const code of ["EPIPE", "ECONNRESET"]) expect(isPermanentDbError(withCode(code))).toBe(false);
    expect(isUniqueViolation(answered("23505"))).toBe(true);
  });
  it("a unique violation is told apart (a retry meeting its own committed insert)", () => {
    expect(isUniqueViolation(withCode("P2002"))).toBe(true);
    expect(isUniqueViolation(withCode("P2003"))).toBe(false);
  });
});
