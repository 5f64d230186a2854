import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodeBase64Utf8 } from "./decodeBase64Utf8";
import { decodeUtf8 } from "./decodeUtf8";

/** Any code points, lone surrogates included (fc.string's "binary" unit is slow to generate). */
const anyText = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xffff }), fc.integer({ min: 0x10000, max: 0x10ffff })), { maxLength: 120 })
  .map((cps) => cps.map((cp) => (cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp))).join(""));

describe("decodeBase64Utf8", () => {
  it("decodes what `base64 -w0` writes for any text, padded or not", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const b64 = Buffer.from(s, "utf8").toString("base64");
        const expected = Buffer.from(b64, "base64").toString("utf8"); // lone surrogates became U+FFFD
        expect(decodeBase64Utf8(b64)).toBe(expected);
        expect(decodeBase64Utf8(b64.replace(/=+$/, ""))).toBe(expected);
      }),
    );
  });

  it("decodes the golden command lines", () => {
    expect(decodeBase64Utf8("ZWNobyAiYSBiIg==")).toBe('echo "a b"');
    expect(decodeBase64Utf8("Zm9yIGkgaW4gMSAyCmRvIGVjaG8gJGkKZG9uZQ==")).toBe("for i in 1 2\ndo echo $i\ndone");
    expect(decodeBase64Utf8("ZWNobyAiaMOpbGxvIHfDtnJsZCDkuJbnlYwg8J+OiSI=")).toBe('echo "héllo wörld 世界 🎉"');
    expect(decodeBase64Utf8("")).toBe("");
  });

  it("says null for text that is not base64", () => {
    for (const bad of ["ls -l", "YQ=", "Y", "=YQ=", "YQ===", "YQ==YQ==", "YW Jj", "YWJj\n", "YW_j"]) {
      expect(decodeBase64Utf8(bad), bad).toBeNull();
    }
  });
});

describe("decodeUtf8", () => {
  it("agrees with TextDecoder on any bytes, malformed ones included", () => {
    const decoder = new TextDecoder();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(decodeUtf8(bytes)).toBe(decoder.decode(bytes));
      }),
      { numRuns: 2000 },
    );
    for (const bytes of [[0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf0, 0x9f, 0x8e], [0xc0, 0xaf], [0xff]]) {
      expect(decodeUtf8(bytes)).toBe(decoder.decode(new Uint8Array(bytes)));
    }
  });

  it("decodes long input", () => {
    const text = "é世🎉x".repeat(5000);
    expect(decodeUtf8(new TextEncoder().encode(text))).toBe(text);
  });
});
