// Shell integration marks: what the image's bash emits around prompts and commands (OSC 133/633).
export { createMarkParser } from "./createMarkParser";
export { decodeCommandLine, encodeCommandLine } from "./decodeCommandLine";
export type { Mark, MarkKind, MarkParser, MarkParserOptions, ParsedChunk } from "./types";
