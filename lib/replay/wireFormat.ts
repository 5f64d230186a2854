import type { ReplayRecording, ScreenEvent } from "./types";

// How a recording travels to the page. JSON of 46,707 events with 11 MB of escape-laden data
// costs the browser far more to parse than to download, so: one JSON line with everything but
// the event data (times, codes, lengths, snapshots), then the data of all events, concatenated
// as they are. The page parses the small line and cuts the rest into strings (cheap slices).

const VERSION = 1;

interface Head extends Omit<ReplayRecording, "events"> {
  v: number;
  times: number[];
  /** One character per event: "o" or "r". */
  codes: string;
  /** Each event's data length in UTF-16 code units (JavaScript string length). */
  lengths: number[];
}

export function encodeRecording(rec: ReplayRecording): string {
  const { events, ...rest } = rec;
  const head: Head = {
    ...rest,
    v: VERSION,
    times: events.map((e) => e[0]),
    codes: events.map((e) => e[1]).join(""),
    lengths: events.map((e) => e[2].length),
  };
  return `${JSON.stringify(head)}\n${events.map((e) => e[2]).join("")}`;
}

export function decodeRecording(text: string): ReplayRecording {
  const nl = text.indexOf("\n");
  if (nl < 0) throw new Error("not a replay recording: no header line");
  const head = JSON.parse(text.slice(0, nl)) as Head;
  if (head.v !== VERSION) throw new Error(`replay recording version ${head.v}; this page reads ${VERSION}`);
  const { v: _v, times, codes, lengths, ...rest } = head;
  const events = new Array<ScreenEvent>(times.length);
  let at = nl + 1;
  for (let i = 0; i < times.length; i++) {
    events[i] = [times[i], codes[i] === "r" ? "r" : "o", text.slice(at, at + lengths[i])];
    at += lengths[i];
  }
  if (at !== text.length) throw new Error(`replay recording damaged: ${text.length - at} characters left over`);
  return { ...rest, events };
}
