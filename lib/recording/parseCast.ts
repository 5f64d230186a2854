import type { CastCode, CastEvent, CastHeader } from "./types";

export interface CastLineError {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}

export interface ParsedCast {
  header: CastHeader;
  events: CastEvent[];
  /** Lines skipped (or repaired) and why. */
  errors: CastLineError[];
}

const CODES = new Set<string>(["o", "i", "r", "m"]);

/**
 * Reads an asciicast v2 file. A bad header throws an Error saying what is wrong; a bad event line
 * is skipped and reported in `errors`; an event earlier than the one before it is kept at the
 * earlier one's time (and reported), so times never go backwards.
 */
export function parseCast(text: string): ParsedCast {
  const lines = text.split("\n");
  let first = 0;
  while (first < lines.length && lines[first].trim() === "") first++;
  if (first === lines.length) throw new Error("not an asciicast file: it is empty");
  const errors: CastLineError[] = [];
  const header = parseHeader(lines[first].replace(/^\uFEFF/, ""), first + 1, errors);
  const events: CastEvent[] = [];
  let last = 0;
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const read = parseEvent(line);
    if (typeof read === "string") {
      errors.push({ line: i + 1, reason: read });
      continue;
    }
    if (read[0] < last) {
      errors.push({ line: i + 1, reason: `time ${read[0]} is before the previous event's ${last}; kept at ${last}` });
      read[0] = last;
    }
    last = read[0];
    events.push(read);
  }
  return { header, events, errors };
}

function parseHeader(line: string, lineNo: number, errors: CastLineError[]): CastHeader {
  const bad = (why: string) => new Error(`not an asciicast v2 file: line ${lineNo} (the header) ${why}`);
  let h: unknown;
  try {
    h = JSON.parse(line);
  } catch {
    throw bad("is not JSON");
  }
  if (typeof h !== "object" || h === null || Array.isArray(h)) throw bad("is not a JSON object");
  const o = h as Record<string, unknown>;
  if (o.version !== 2) throw bad(`has version ${JSON.stringify(o.version) ?? "missing"}; only version 2 is supported`);
  for (const key of ["width", "height"]) {
    const v = o[key];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1)
      throw bad(`has ${key} ${JSON.stringify(v) ?? "missing"}; expected a positive integer`);
  }
  const header = { ...o } as CastHeader;
  const drop = (key: string, why: string) => {
    delete header[key];
    errors.push({ line: lineNo, reason: `header ${key} ${why}; ignored` });
  };
  if (o.timestamp !== undefined && (typeof o.timestamp !== "number" || !Number.isFinite(o.timestamp)))
    drop("timestamp", "is not a number");
  if (o.title !== undefined && typeof o.title !== "string") drop("title", "is not a string");
  if (o.env !== undefined) {
    if (typeof o.env !== "object" || o.env === null || Array.isArray(o.env)) drop("env", "is not an object");
    else
      header.env = Object.fromEntries(Object.entries(o.env).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  }
  return header;
}

function parseEvent(line: string): CastEvent | string {
  let e: unknown;
  try {
    e = JSON.parse(line);
  } catch {
    return "not JSON";
  }
  if (!Array.isArray(e) || e.length < 3) return "not an event: expected [time, code, data]";
  const [time, code, data] = e as unknown[];
  if (typeof time !== "number" || !Number.isFinite(time) || time < 0)
    return `bad time ${JSON.stringify(time)}: expected seconds ≥ 0`;
  if (typeof code !== "string" || !CODES.has(code)) return `unknown event code ${JSON.stringify(code)}: expected o, i, r or m`;
  if (typeof data !== "string") return `bad data for "${code}": expected a string`;
  if (code === "r" && !/^\d+x\d+$/.test(data)) return `bad resize ${JSON.stringify(data)}: expected COLSxROWS`;
  return [time, code as CastCode, data];
}
