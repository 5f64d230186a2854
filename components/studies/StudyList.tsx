import Link from "next/link";
import { CreateStudyForm } from "./CreateStudyForm";
import { formatCount } from "@/lib/stats/formatNumber";

interface Row {
  id: string;
  name: string;
  tasks: number;
  perParticipant: number | null;
  participants: number;
  createdAt: string;
}

/** Studies: the researcher's human-baseline collections, and a form for a new one. */
/** `picked`: tasks chosen with the Tasks page's filters, to make a study of. */
export function StudyList({ studies, picked }: { studies: Row[]; picked: { env: string; tasks: string; total: number } | null }) {
  return (
    <main>
      <h1>Studies</h1>
      {studies.length === 0 ? (
        <p className="muted">No studies yet: make one below, then invite people with its links.</p>
      ) : (
        <table data-testid="studies">
          <thead>
            <tr>
              <th>Study</th>
              <th>Tasks</th>
              <th>Per person</th>
              <th>Participants</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {studies.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link href={`/studies/${s.id}`}>{s.name}</Link>
                </td>
                <td>{s.tasks}</td>
                <td>{s.perParticipant ?? "all"}</td>
                <td>{s.participants}</td>
                <td className="muted">{s.createdAt.slice(0, 16).replace("T", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>New study</h2>
      {picked && picked.total > picked.tasks.split(",").length && (
        <p className="warn">
          The filter matches {formatCount(picked.total, "task")}; the first {picked.tasks.split(",").length} are filled in (sample
          fewer below).
        </p>
      )}
      <CreateStudyForm picked={picked} />
    </main>
  );
}
