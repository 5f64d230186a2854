import { asCodeBlock as bashCodeBlock, bashPrompts } from "./bashPrompts";
import { sqlPrompts } from "./sqlPrompts";
import { ctfPrompts } from "./ctfPrompts";

// Which prompts an episode's model gets: its environment's (Bash's for any environment without its own).

export type Prompts = typeof bashPrompts;

const BY_ENV: Record<string, { prompts: Prompts; language: string }> = {
  bash: { prompts: bashPrompts, language: "bash" },
  sql: { prompts: sqlPrompts, language: "sql" },
  ctf: { prompts: ctfPrompts, language: "bash" },
};

export function promptsFor(environment: string): Prompts {
  return (BY_ENV[environment] ?? BY_ENV.bash).prompts;
}

/** An action as the model should have written it, in its environment's code block. */
export function codeBlockFor(environment: string): (action: string) => string {
  const language = (BY_ENV[environment] ?? BY_ENV.bash).language;
  if (language === "bash") return bashCodeBlock;
  return (action) => (action.trim() === "submit" ? "```submit```" : `\`\`\`${language}\n${action}\n\`\`\``);
}
