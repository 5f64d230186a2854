// Terminal recordings in asciicast v2: writing, reading and recording live.
export { CastRecorder } from "./CastRecorder";
export { castEventLine } from "./castEventLine";
export { castHeader } from "./castHeader";
export { castTime } from "./castTime";
export { parseCast, type CastLineError, type ParsedCast } from "./parseCast";
export { serializeCast } from "./serializeCast";
export type { CastCode, CastEvent, CastHeader, CastHeaderInput, RecordedEvent } from "./types";
