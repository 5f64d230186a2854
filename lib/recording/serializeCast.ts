import { castEventLine } from "./castEventLine";
import { castHeader } from "./castHeader";
import type { CastEvent, CastHeaderInput } from "./types";

/** A whole asciicast v2 file: the header line, then one line per event, each ending in \n. */
export function serializeCast(header: CastHeaderInput & { [field: string]: unknown }, events: Iterable<CastEvent>): string {
  const lines = [castHeader(header)];
  for (const e of events) lines.push(castEventLine(e));
  return lines.join("\n") + "\n";
}
