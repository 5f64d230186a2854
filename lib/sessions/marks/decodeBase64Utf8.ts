import { decodeUtf8 } from "./decodeUtf8";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUE = new Map<string, number>([...ALPHABET].map((c, i) => [c, i]));

/**
 * Standard base64 (padding optional, as `base64 -w0` writes it) → the UTF-8 text it encodes.
 * Null when the input is not base64 at all (a stray character, bad length, misplaced padding).
 */
export function decodeBase64Utf8(input: string): string | null {
  const body = input.endsWith("==") ? input.slice(0, -2) : input.endsWith("=") ? input.slice(0, -1) : input;
  if (body.length !== input.length && input.length % 4 !== 0) return null;
  if (body.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const c of body) {
    const v = VALUE.get(c);
    if (v === undefined) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (acc >> bits) & 0xff;
    }
  }
  return decodeUtf8(bytes.subarray(0, n));
}
