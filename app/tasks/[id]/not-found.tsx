import Link from "next/link";

export default function TaskNotFound() {
  return (
    <main>
      <h1>Task not found</h1>
      <p className="muted" data-testid="not-found">
        There is no task with this id.
      </p>
      <p>
        <Link href="/tasks">All tasks</Link>
      </p>
    </main>
  );
}
