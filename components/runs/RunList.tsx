import { Suspense } from "react";
import type { RunSummary } from "@/lib/stats/listRuns";
import { UploadForm } from "./UploadForm";
import { RunTable } from "./RunTable";

/** Every run (imported logs and agent runs), with a way to compare some of them and to upload more. */
/** `runs` streams in after the heading and the upload form have painted. */
export function RunList({ runs }: { runs: Promise<RunSummary[]> }) {
  return (
    <main>
      <h1>Runs</h1>
      {/* Above the list, which grows with every import: importing and comparing stay in the window. */}
      <UploadForm />
      <Suspense fallback={<p className="muted">Loading runs…</p>}>
        <RunRows runs={runs} />
      </Suspense>
    </main>
  );
}

// The rows go to the page as data, drawn by a client component: as server-rendered elements they
// would travel twice (HTML, then the RSC payload that repeats every element of every row).
async function RunRows({ runs }: { runs: Promise<RunSummary[]> }) {
  return <RunTable runs={await runs} />;
}
