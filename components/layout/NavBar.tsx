import Link from "next/link";

const LINKS = [
  { href: "/", label: "Home" },
  { href: "/tasks", label: "Tasks" },
  { href: "/episodes", label: "Episodes" },
  { href: "/compare", label: "Compare" },
  { href: "/runs", label: "Runs" },
  { href: "/agent-runs", label: "Agents" },
];

export function NavBar() {
  return (
    <nav style={{ display: "flex", gap: 18, alignItems: "center", padding: "10px 24px", borderBottom: "1px solid var(--border)", background: "var(--panel)" }}>
      <Link href="/" style={{ fontWeight: 700, color: "var(--text)", letterSpacing: ".02em" }}>▁▃▅▇▇ Plateau</Link>
      {LINKS.slice(1).map((l) => (
        <Link key={l.href} href={l.href} style={{ color: "var(--muted)" }}>{l.label}</Link>
      ))}
    </nav>
  );
}
