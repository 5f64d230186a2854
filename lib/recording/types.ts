// asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): a JSON header line, then one
// JSON array per event: [seconds since start, code, data].

/** o output · i input · r resize ("COLSxROWS") · m marker (label) */
export type CastCode = "o" | "i" | "r" | "m";

export type CastEvent = [time: number, code: CastCode, data: string];

export interface CastHeader {
  version: 2;
  width: number;
  height: number;
  /** Unix time (seconds) when the recording started. */
  timestamp?: number;
  title?: string;
  env?: Record<string, string>;
  /** Other header fields (duration, idle_time_limit, command, theme…) are kept as read. */
  [field: string]: unknown;
}

export interface CastHeaderInput {
  width: number;
  height: number;
  timestamp?: number;
  title?: string;
  env?: Record<string, string>;
}

/** One event as a row to store: the episode's TerminalEvent (seq, time, code, data). */
export interface RecordedEvent {
  seq: number;
  time: number;
  code: CastCode;
  data: string;
}
