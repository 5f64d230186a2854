/** A reward breakdown as a readable list: whatever fields the environment's reward reports. */
export function RewardBreakdown({ breakdown }: { breakdown: Record<string, unknown> }) {
  const entries = Object.entries(breakdown);
  if (entries.length === 0) return null;
  return (
    <table style={{ marginTop: 8, fontSize: 12 }} data-testid="breakdown">
      <tbody>
        {entries.map(([k, v]) => (
          <tr key={k}>
            <td className="muted" style={{ whiteSpace: "nowrap" }}>{k}</td>
            <td className="mono">{format(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function format(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(4).replace(/0+$/, "").replace(/\.$/, "");
  if (Array.isArray(v)) return v.length === 0 ? "none" : v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(", ");
  if (v === null || v === undefined) return "—";
  return typeof v === "string" ? v : JSON.stringify(v);
}
