/**
 * UTF-8 bytes → string, replacing malformed input with U+FFFD exactly as the WHATWG decoder
 * (TextDecoder) does. Written out so the pure modules need neither TextDecoder typings nor Buffer.
 */
export function decodeUtf8(bytes: ArrayLike<number>): string {
  let out = "";
  const units: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    let need: number;
    let cp: number;
    if (b < 0x80) [need, cp] = [0, b];
    else if (b >= 0xc2 && b <= 0xdf) [need, cp] = [1, b & 0x1f];
    else if (b >= 0xe0 && b <= 0xef) [need, cp] = [2, b & 0x0f];
    else if (b >= 0xf0 && b <= 0xf4) [need, cp] = [3, b & 0x07];
    else [need, cp] = [-1, 0xfffd];
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    let j = 1;
    for (; j <= need; j++) {
      const c = bytes[i + j];
      if (c === undefined || c < (j === 1 ? lo : 0x80) || c > (j === 1 ? hi : 0xbf)) break;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (need < 0 || j <= need) {
      units.push(0xfffd); // the lead byte and the continuation bytes seen so far make one U+FFFD
      i += Math.max(1, need < 0 ? 1 : j);
    } else {
      i += need + 1;
      if (cp >= 0x10000) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
      else units.push(cp);
    }
    if (units.length >= 4096) out += String.fromCharCode(...units.splice(0));
  }
  return out + String.fromCharCode(...units);
}
