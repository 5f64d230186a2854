// The replay engine's public face, safe in the browser (no Prisma, no Node): recordings, seeking,
// playback, search, timeline marks and the spectating client. Server-only parts are in ./server.
export type { ReplayRecording, ReplayStep, ScreenEvent, Snapshot, StepSpan } from "./types";
export { alignSteps, turnAt } from "./alignSteps";
export { Timeline, type TimelineView } from "./Timeline";
export {
  transition,
  initialPlayback,
  SPEEDS,
  IDLE_CAPS,
  type PlaybackEvent,
  type PlaybackState,
  type PlaybackStatus,
} from "./playback";
export { ScreenSeeker, type ScreenTerminal, type SeekPlan } from "./ScreenSeeker";
export { Player, type Clock, type PlayerView, type PlayerOptions } from "./Player";
export { synthesizeRecording, terminalText, promptFor } from "./synthesizeRecording";
export { searchSteps, stepToMatch, type StepMatch, type SearchField } from "./searchSteps";
export { timelineMarks, markKind, type TimelineMark, type MarkKind } from "./timelineMarks";
export { firstDifference } from "./firstDifference";
export { formatClock, formatDuration } from "./formatTime";
export { SpectateEvents, type LiveEvent, type LiveMessage } from "./liveProtocol";
export type { LiveStep } from "../episodes/step";
export { spectate, type SpectateStatus, type SpectateHandlers } from "./spectateClient";
export { parseTurn } from "./parseTurn";
export { encodeRecording, decodeRecording } from "./wireFormat";
export { SeqMerger } from "./SeqMerger";
