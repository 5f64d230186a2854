import type { LlmChoices, RunRow } from "@/lib/agents/runs/runPageData";
import { StartRunForm } from "./StartRunForm";
import { RunsTable } from "./RunsTable";
import { TokensPanel } from "./TokensPanel";

/** The Agents screen: start a batch run, follow every run, manage API tokens. */
export function AgentRunsView(props: {
  runs: RunRow[];
  tokens: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  llm: LlmChoices;
  sandbox: { driver: string | null; reason: string };
}) {
  return (
    <main>
      <h1>Agent runs</h1>
      {!props.sandbox.driver && (
        <div className="error-box" style={{ marginBottom: 12 }}>
          Episodes cannot start here: {props.sandbox.reason}
        </div>
      )}
      <StartRunForm llm={props.llm} />
      <h2>Runs</h2>
      <RunsTable runs={props.runs} />
      <TokensPanel initial={props.tokens} />
    </main>
  );
}
