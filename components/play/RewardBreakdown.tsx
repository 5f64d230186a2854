import { breakdownLabel } from "@/lib/rewards/breakdownLabels";
import { formatMeasure } from "@/lib/stats/formatNumber";

/**
 * A reward breakdown as a readable list: whatever fields the environment's reward reports (or an
 * imported log's `info`), each under a readable label with its definition on hover; nested objects
 * as nested lists, long text as a block.
 */
export function RewardBreakdown({ breakdown, nested = false }: { breakdown: Record<string, unknown>; nested?: boolean }) {
  const entries = Object.entries(breakdown);
  if (entries.length === 0) return null;
  return (
    <table style={{ marginTop: nested ? 0 : 8, fontSize: 12 }} data-testid={nested ? undefined : "breakdown"}>
      <tbody>
        {entries.map(([k, v]) => {
          const { label, definition } = breakdownLabel(k);
          return (
            <tr key={k}>
              <td className="muted" style={{ whiteSpace: "nowrap", width: "1%" }}>
                <span
                  title={definition ? `${definition} (${k})` : k}
                  style={definition ? { textDecoration: "underline dotted", cursor: "help" } : undefined}
                >
                  {label}
                </span>
              </td>
              <td className="mono">{value(v)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function value(v: unknown): React.ReactNode {
  if (typeof v === "number") return formatMeasure(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (v === null || v === undefined) return "—";
  if (typeof v === "string")
    return v.includes("\n") || v.length > 120 ? <pre style={{ maxHeight: 120, overflow: "auto" }}>{v}</pre> : v;
  if (Array.isArray(v)) return v.length === 0 ? "none" : v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(", ");
  return <RewardBreakdown breakdown={v as Record<string, unknown>} nested />;
}
