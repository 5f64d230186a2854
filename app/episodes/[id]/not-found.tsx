import Link from "next/link";

export default function EpisodeNotFound() {
  return (
    <main>
      <h1>Episode not found</h1>
      <p className="muted" data-testid="not-found">
        There is no episode with this id. It may have been deleted with its run.
      </p>
      <p>
        <Link href="/episodes">All episodes</Link>
      </p>
    </main>
  );
}
