// The Bash reward: 0.01 + P1 (file-system diff) + P2 (contents) + P3 (output similarity).

import { erf } from "./erf";
import { intercodeStatusPairs, shlexWord, type StatusPair } from "./intercodeGit";
import { npRound, pyRound } from "./round";
import { tfidfCosine } from "./tfidf";
import type { BashBreakdown, BashInput, BashSide, FileChange, RewardMode, Score } from "./types";
import { REWARD_VERSION } from "./version";

/** InterCode compared contents only for these statuses (not "M", not "AM"…). */
const INTERCODE_CONTENT_STATUSES = new Set(["A", "??", "C"]);

interface ContentCheck {
  compared: string[];
  hashMismatches: string[];
  notes: string[];
}

export function scoreBash(input: BashInput, mode: RewardMode): Score<BashBreakdown> {
  const notes: string[] = [];
  const agentPairs = readPairs(input.agent, mode, "agent", notes);
  const goldPairs = readPairs(input.gold, mode, "gold", notes);

  const agentKeys = new Map(agentPairs.map((p) => [pairKey(p), p]));
  const goldKeys = new Map(goldPairs.map((p) => [pairKey(p), p]));
  const missing = [...goldKeys].filter(([k]) => !agentKeys.has(k)).map(([, p]) => p);
  const extra = [...agentKeys].filter(([k]) => !goldKeys.has(k)).map(([, p]) => p);
  const common = [...agentKeys].filter(([k]) => goldKeys.has(k)).map(([, p]) => p);

  const fileDiff = pyRound(0.33 * (1 - erf(missing.length + extra.length)), 2);

  const content =
    mode === "intercode" ? intercodeContent(common, input.agent, input.gold) : plateauContent(common, input.agent, input.gold);
  notes.push(...content.notes);
  const matches = content.compared.length - content.hashMismatches.length;
  const fileContent = content.compared.length === 0 ? 0.33 : pyRound(0.33 * (matches / content.compared.length), 2);

  const similarity = tfidfCosine(input.agent.output, input.gold.output);
  // InterCode's similarity is a NumPy float64, so its round() is NumPy's.
  const outputSimilarity = mode === "intercode" ? npRound(0.33 * similarity, 2) : pyRound(0.33 * Math.min(1, similarity), 2);

  // InterCode logged the plain float sum (e.g. 0.7100000000000001); plateau stores it rounded.
  const sum = 0.01 + fileDiff + fileContent + outputSimilarity;
  const reward = mode === "intercode" ? sum : pyRound(sum, 2);

  return {
    mode,
    reward,
    success: pyRound(sum, 2) === 1,
    version: REWARD_VERSION,
    breakdown: {
      fileDiff,
      fileContent,
      outputSimilarity,
      missing: missing.map(toChange),
      extra: extra.map(toChange),
      compared: content.compared,
      hashMismatches: content.hashMismatches,
      similarity,
      notes,
    },
  };
}

interface Pair extends StatusPair {
  from?: string;
}

function readPairs(side: BashSide, mode: RewardMode, who: string, notes: string[]): Pair[] {
  if (mode === "plateau") {
    return side.changes.map((c) => ({
      path: c.path,
      status: c.status.trim(),
      ...(c.from === undefined ? {} : { from: c.from }),
    }));
  }
  const { pairs, danglingToken } = intercodeStatusPairs(side.changes);
  const split = side.changes.filter((c) => c.path.includes(" ") || (c.from?.includes(" ") ?? false));
  if (split.length > 0) {
    notes.push(
      `${who}: InterCode split \`git status --short\` on whitespace, so ${split.map((c) => JSON.stringify(c.path)).join(", ")} ` +
        `became several tokens and the (status, path) pairs after it shifted`,
    );
  }
  if (danglingToken !== null) {
    notes.push(
      `${who}: odd number of status tokens — InterCode would have raised IndexError here; ` +
        `the last token ${JSON.stringify(danglingToken)} is ignored`,
    );
  }
  return pairs;
}

function pairKey(p: Pair): string {
  return JSON.stringify([p.status, p.from ?? null, p.path]);
}

function toChange(p: Pair): FileChange {
  return p.from === undefined ? { path: p.path, status: p.status } : { path: p.path, status: p.status, from: p.from };
}

/** Plateau: every common change that leaves something behind (no "D" in its code) is compared by
 * its real hash (folders too); a path only one side could hash counts as different, one neither
 * side could hash as the same. */
function plateauContent(common: Pair[], agent: BashSide, gold: BashSide): ContentCheck {
  const compared: string[] = [];
  const hashMismatches: string[] = [];
  const notes: string[] = [];
  for (const pair of common) {
    if (pair.status.includes("D")) continue;
    compared.push(pair.path);
    const a = lookup(agent.hashes, pair.path);
    const g = lookup(gold.hashes, pair.path);
    if (a === undefined && g === undefined) {
      notes.push(`no hash for ${JSON.stringify(pair.path)} on either side: nothing tells them apart, counted as the same`);
    } else if (a === undefined || g === undefined) {
      notes.push(
        `no hash for ${JSON.stringify(pair.path)} on the ${a === undefined ? "agent" : "gold"} side: counted as different`,
      );
      hashMismatches.push(pair.path);
    } else if (a !== g) {
      hashMismatches.push(pair.path);
    }
  }
  return { compared, hashMismatches, notes };
}

/**
 * InterCode: only common pairs with status A, ?? or C are compared, by the output of the command
 * it ran in both containers. md5deep was missing from the image, so a path without "." always
 * "matched"; md5sum on a folder fails the same way on both sides, so folders always "matched"; a
 * token git had quoted names no real file (both sides print the same error: a "match"), and one
 * whose quotes shlex cannot close made InterCode raise (counted here as a match, with a note).
 */
function intercodeContent(common: Pair[], agent: BashSide, gold: BashSide): ContentCheck {
  const compared: string[] = [];
  const hashMismatches: string[] = [];
  const notes: string[] = [];
  for (const pair of common) {
    if (!INTERCODE_CONTENT_STATUSES.has(pair.status)) continue;
    const token = pair.path;
    compared.push(token);
    const target = shlexWord(token);
    if (target === null) {
      notes.push(`${JSON.stringify(token)}: shlex cannot parse it, InterCode would have raised; counted as a match`);
    } else if (!token.includes(".")) {
      notes.push(`${JSON.stringify(token)}: no "." so InterCode ran md5deep, missing from its image: always a match`);
    } else if (target.endsWith("/")) {
      notes.push(`${JSON.stringify(token)}: a folder; InterCode's md5sum fails alike on both sides: always a match`);
    } else if (lookup(agent.hashes, target) !== lookup(gold.hashes, target)) {
      hashMismatches.push(token);
    }
  }
  return { compared, hashMismatches, notes };
}

function lookup(hashes: Record<string, string>, path: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(hashes, path) ? hashes[path] : undefined;
}
