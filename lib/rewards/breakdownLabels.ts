// What a reward breakdown's fields are called on the pages, and what each means (shown on hover):
// Plateau's own breakdowns (types.ts) and the fields of InterCode's logged `info`. Client-safe.

export interface BreakdownLabel {
  label: string;
  /** What the field means, in a sentence; none for a field nobody has described. */
  definition?: string;
}

// The Bash reward's parts (InterCode §6: P1 + P2 + P3), under Plateau's names and under InterCode's.
const P1: BreakdownLabel = {
  label: "File changes (P1)",
  definition: "0.33 when the same files were changed as by the gold, 0.05 with one difference, 0 with more.",
};
const P2: BreakdownLabel = {
  label: "File contents (P2)",
  definition: "0.33 × the share of files changed by both whose contents match the gold's.",
};

const LABELS: Record<string, BreakdownLabel> = {
  // Bash
  fileDiff: P1,
  fileContent: P2,
  outputSimilarity: {
    label: "Output similarity (P3)",
    definition: "0.33 × how similar the last output is to the gold's (TF-IDF cosine).",
  },
  missing: {
    label: "Changes only the gold made",
    definition: "Files the gold added, changed or deleted that this episode did not.",
  },
  extra: {
    label: "Changes only this episode made",
    definition: "Files this episode added, changed or deleted that the gold did not.",
  },
  compared: { label: "Files compared", definition: "Files changed by both whose contents were compared." },
  hashMismatches: {
    label: "Files whose contents differ",
    definition: "Of the files compared, those whose contents are not the gold's.",
  },
  similarity: { label: "Output similarity", definition: "TF-IDF cosine of the last output and the gold's output, from 0 to 1." },
  notes: { label: "Notes", definition: "Quirks of the scoring that applied, and fallbacks taken." },
  // SQL
  agentError: { label: "Error of the query", definition: "Why the last observation is not a result set." },
  iou: { label: "Row overlap (IoU)", definition: "Rows in both ÷ rows in either, counted with repeats; 1 when both are empty." },
  tau: {
    label: "Order agreement (Kendall τ)",
    definition: "How alike the two orders of the common rows are, from −1 to 1; counted only when the gold orders its rows.",
  },
  goldHasOrderBy: { label: "Gold orders its rows", definition: "The gold query's outermost SELECT has ORDER BY." },
  orderApplied: { label: "Order counted", definition: "The order agreement was multiplied into the reward." },
  agentRowCount: { label: "Rows returned" },
  goldRowCount: { label: "Gold rows" },
  commonRowCount: { label: "Rows in both", definition: "Rows in both results, counted with repeats." },
  missingRows: { label: "Gold rows missing", definition: "Up to 5 gold rows the result lacks." },
  extraRows: { label: "Rows not in the gold", definition: "Up to 5 rows of the result the gold lacks." },
  // Python (MBPP)
  matching: { label: "Tests like the gold", definition: "Tests, public and private, whose output and error equal the gold's." },
  total: { label: "Tests" },
  differing: { label: "Tests that differ", definition: "The public tests whose result is not the gold's, with both sides." },
  privateDiffering: {
    label: "Private tests that differ",
    definition:
      "How many private tests' results are not the gold's; what they printed or raised is not kept (it would hint at the tests).",
  },
  // CTF
  flag: { label: "Flag submitted", definition: "The flag as this mode reads it from what was typed after submit." },
  gold: { label: "Gold flag" },
  // Imported episodes: InterCode's own log fields
  info: { label: "InterCode's log entry", definition: "What InterCode logged about the last turn." },
  source: { label: "Source", definition: "log: the reward as the log file recorded it, not recomputed." },
  reward: { label: "Reward parts" },
  file_diff: P1,
  file_changes: P2,
  answer_similarity: {
    label: "Output similarity",
    definition: "How similar the last output is to the gold's (TF-IDF cosine; inside the reward parts, × 0.33).",
  },
  eval_obs: { label: "Gold's output" },
  agent_obs: { label: "Agent's output" },
  diff_miss: { label: "Changes only the gold made", definition: "Files the gold changed that the agent did not." },
  diff_extra: { label: "Changes only the agent made", definition: "Files the agent changed that the gold did not." },
  action_executed: { label: "Action ran", definition: "InterCode ran the last action (false: it could not be parsed)." },
};

/** The label of a breakdown field; an unknown one is spelled out from its name (fooBar, foo_bar → "Foo bar"). */
export function breakdownLabel(key: string): BreakdownLabel {
  if (Object.hasOwn(LABELS, key)) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return { label: words.charAt(0).toUpperCase() + words.slice(1) };
}
