import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createBoundedText } from "./createBoundedText";

const bytes = (s: string) => Buffer.byteLength(s);

describe("createBoundedText", () => {
  it("keeps everything under the cap", () => {
    const t = createBoundedText(100);
    t.append("héllo ");
    t.append("🎉");
    expect(t.text()).toBe("héllo 🎉");
    expect(t.truncated).toBe(false);
    expect(t.bytesSeen).toBe(bytes("héllo 🎉"));
  });

  it("cuts on a character boundary at the cap and counts the rest", () => {
    const t = createBoundedText(5);
    t.append("ab");
    t.append("é🎉x"); // é fits (4 bytes so far), 🎉 (4 bytes) does not
    t.append("more");
    expect(t.text()).toBe("abé");
    expect(t.truncated).toBe(true);
    expect(t.bytesSeen).toBe(bytes("abé🎉xmore"));
  });

  it("joins a surrogate pair split across pieces", () => {
    const t = createBoundedText(4);
    t.append("\ud83c");
    t.append("\udf89");
    expect(t.text()).toBe("🎉");
    expect(t.bytesSeen).toBe(4);
  });

  it("keeps a prefix of what was appended, within the cap, whatever the pieces", () => {
    const piece = fc
      .array(fc.constantFrom("a", "é", "世", "🎉", "\ud83c", "\udf89", "\r\n"), { maxLength: 20 })
      .map((a) => a.join(""));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.integer({ min: 0, max: 80 }), (pieces, cap) => {
        const t = createBoundedText(cap);
        for (const p of pieces) t.append(p);
        const all = pieces.join("");
        const kept = t.text();
        expect(all.startsWith(kept)).toBe(true);
        expect(bytes(kept)).toBeLessThanOrEqual(cap);
        expect(t.truncated).toBe(kept.length < all.length);
        expect(t.bytesSeen).toBe(bytes(all));
        if (t.truncated) expect(bytes(kept)).toBeGreaterThan(cap - 4);
      }),
      { numRuns: 2000 },
    );
  });
});
