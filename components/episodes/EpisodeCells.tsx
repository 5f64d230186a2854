import Link from "next/link";
import { formatReward } from "@/lib/stats/formatNumber";

// The cells every list of episodes draws the same way (Episodes, a task's episodes, Home).

/** An episode's status; a live one links to it, where it can be watched. */
export function StatusCell({ id, status }: { id: string; status: string }) {
  return (
    <td>
      {status === "active" ? (
        <Link href={`/episodes/${id}`} className="warn">
          live
        </Link>
      ) : (
        status
      )}
    </td>
  );
}

/** The reward, green when it counts as a success; "—" when unscored. The mode shows on hover. */
export function RewardCell({ reward, success, mode }: { reward: number | null; success: boolean | null; mode?: string | null }) {
  return (
    <td className="num">
      {reward === null ? (
        "—"
      ) : (
        <span className={success ? "ok" : undefined} title={mode ? `${mode} mode` : undefined}>
          {formatReward(reward)}
        </span>
      )}
    </td>
  );
}
