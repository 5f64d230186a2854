import { castTime } from "./castTime";
import type { CastEvent } from "./types";

/** One event line of an asciicast v2 file (JSON, no newline): `[1.234567, "o", "text"]`. */
export function castEventLine([time, code, data]: CastEvent): string {
  return `[${castTime(time)}, ${JSON.stringify(code)}, ${JSON.stringify(data)}]`;
}
