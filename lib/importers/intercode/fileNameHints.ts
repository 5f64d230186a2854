// What an InterCode log's file name (and the folder it sits in) says about the run that made it:
// ic_sql_multiturn_gpt-3.5_10_turns.json, ic_bash_react_10_turns_fs_2.json, sql/human/…, gpt-3.5/ic_sql_plan_solve.json.

export interface FileNameHints {
  /** The name without folders and extension: the default Run name. */
  base: string;
  environment?: "bash" | "sql" | "python" | "ctf";
  model?: string;
  strategy?: string;
  turnLimit?: number;
  fileSystem?: number;
  human: boolean;
}

const MODEL_FAMILIES = [
  "gpt-",
  "text-davinci-",
  "code-davinci-",
  "claude",
  "llama",
  "codellama",
  "vicuna",
  "starchat",
  "starcoder",
  "palm",
  "chat-bison",
  "text-bison",
  "falcon",
  "mistral",
  "mixtral",
  "gemini",
  "deepseek",
  "qwen",
  "o1",
  "o3",
];

const TURNS = /[-_](\d+)[-_]turns?(?=$|[-_.])/i;
const FS = /(?:^|[-_])fs[-_]?(\d)(?=$|[-_.])/i;
const ENV = /^ic[-_](bash|sql|python|ctf)(?=[-_]|$)/i;

function modelIn(text: string): string | undefined {
  const lower = text.toLowerCase();
  for (const tok of lower.split("_")) {
    if (MODEL_FAMILIES.some((f) => tok.startsWith(f)) && /\d/.test(tok)) return tok;
  }
  return undefined;
}

export function fileNameHints(filePath: string): FileNameHints {
  const parts = filePath.split(/[\\/]/).filter(Boolean);
  const file = parts.at(-1) ?? filePath;
  const base = file.replace(/\.json$/i, "");
  const dir = parts.at(-2)?.toLowerCase();
  const turns = TURNS.exec(base);
  const withoutTurns = base.replace(TURNS, "");
  const human = /(^|[-_])human([-_]|$)/i.test(base) || dir === "human";

  let strategy: string | undefined;
  if (/react/i.test(base)) strategy = "react";
  else if (/plan[-_]?(and[-_]?)?solve/i.test(base)) strategy = "plan_solve";
  else if (/single[-_]?turn/i.test(base)) strategy = "single_turn";
  else if (/multi[-_]?turn|try[-_]?again/i.test(base)) strategy = "try_again";

  const fs = FS.exec(base);
  return {
    base,
    environment: ENV.exec(base)?.[1]?.toLowerCase() as FileNameHints["environment"],
    model: human ? undefined : (modelIn(withoutTurns) ?? (dir ? modelIn(dir) : undefined)),
    strategy,
    turnLimit: turns ? Number(turns[1]) : undefined,
    fileSystem: fs ? Number(fs[1]) : undefined,
    human,
  };
}
