/** ?step=N as a turn to open at (0 = before the first step), or undefined when absent or not a number. */
export function parseTurn(raw: string | string[] | undefined): number | undefined {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || !/^\d{1,7}$/.test(v.trim())) return undefined;
  return Number(v);
}
