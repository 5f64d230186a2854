// The shell integration marks the image's bash emits (docker/bash/SHELL-INTEGRATION.md), as the
// mark parser reports them. Pure data: shared by the parser, the step segmenter and their tests.

export type MarkKind = "promptStart" | "promptEnd" | "commandLine" | "outputStart" | "commandEnd" | "continuation" | "result";

export interface Mark {
  kind: MarkKind;
  /** Index in the chunk's `display` where the mark sat (the text before it comes first). */
  offset: number;
  /** commandEnd: the exit code, absent when the mark carried none (or a non-integer). */
  exitCode?: number;
  /** commandLine: the exact command line, unescaped. */
  commandLine?: string;
  /** commandLine: the payload held an escape the shell never writes; `commandLine` holds it raw. */
  undecoded?: true;
  /** result (633;R): the step's structured result, parsed from its base64 JSON; absent when it was not valid. */
  result?: unknown;
}

export interface ParsedChunk {
  /** The chunk with every OSC 133/633 removed, signed or not; other escape sequences are untouched. */
  display: string;
  /** In stream order; offsets are non-decreasing. */
  marks: Mark[];
}

export interface MarkParser {
  /** Parse the next piece of the stream. A mark split across chunks is held back until complete. */
  push(chunk: string): ParsedChunk;
  /** Release whatever is held back (an incomplete mark) as plain text. */
  flush(): string;
  /** Whether something is held back (only then is there anything to flush). */
  readonly holding: boolean;
}

export interface MarkParserOptions {
  /** The secret this shell signs its marks with (the last `;` field of each): Tty.markNonce. */
  nonce: string;
  /** Longest incomplete OSC 133 (or other 133/633) held back before it is released as text. Default 4096. */
  maxHeldChars?: number;
  /** The same for OSC 633;E, whose command line can be long (a pasted script). Default 262144. */
  maxHeldCommandLineChars?: number;
  /** The same for OSC 633;R, a step's structured result (docker/CONSOLE-PROTOCOL.md). Default 1.5 Mi (1 MiB of JSON in base64). */
  maxHeldResultChars?: number;
}
