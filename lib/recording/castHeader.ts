import type { CastHeader, CastHeaderInput } from "./types";

/**
 * The header line of an asciicast v2 file (JSON, no newline). Fields left undefined are omitted;
 * other fields (idle_time_limit, theme… as parseCast keeps them) are written as they are.
 */
export function castHeader(input: CastHeaderInput & { [field: string]: unknown }): string {
  const { width, height, timestamp, version: _version, ...rest } = input;
  for (const [key, v] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`asciicast ${key} must be a positive integer, got ${v}`);
  }
  const header: CastHeader = {
    version: 2,
    width,
    height,
    timestamp: timestamp === undefined ? undefined : Math.floor(timestamp),
    ...rest,
  };
  return JSON.stringify(header);
}
