import Link from "next/link";
import type { Identity } from "@/lib/auth/identity";
import { isStaff } from "@/lib/auth/roles";
import { SignOutButton } from "@/components/auth/SignOutButton";

const LINKS = [
  { href: "/tasks", label: "Tasks" },
  { href: "/episodes", label: "Episodes" },
  { href: "/compare", label: "Compare" },
  { href: "/runs", label: "Runs" },
  { href: "/agent-runs", label: "Agents" },
  { href: "/studies", label: "Studies" },
];

// No prefetch: on every page load it would render all six pages on the server at once, just when
// the Play page needs the server for its terminal (DESIGN.md: open Play → first prompt ≤ 300 ms).
export function NavBar({ who }: { who: Identity | null }) {
  return (
    <nav
      style={{
        display: "flex",
        gap: 18,
        alignItems: "center",
        padding: "10px 24px",
        borderBottom: "1px solid var(--border)",
        background: "var(--panel)",
      }}
    >
      <Link href="/" prefetch={false} aria-label="Plateau, home" style={{ display: "flex" }}>
        {/* public/logo.svg drawn inline: as an <img> it was one more request and a document of its own, built before the first paint. */}
        <svg viewBox="0 0 132 32" width={99} height={24} role="img" aria-label="Plateau">
          <path d="M4 26h5v-4H4zM10 26h5v-9h-5zM16 26h5V9h-5zM22 26h6V8h-6z" style={{ fill: "var(--accent)" }} />
          <text x="36" y="23" fontSize="19" fontWeight="700" style={{ fontFamily: "var(--sans)", fill: "var(--text)" }}>
            Plateau
          </text>
        </svg>
      </Link>
      {who &&
        isStaff(who.role) &&
        LINKS.map((l) => (
          <Link key={l.href} href={l.href} prefetch={false} style={{ color: "var(--muted)" }}>
            {l.label}
          </Link>
        ))}
      {who && (
        <span
          style={{ marginLeft: "auto", display: "flex", gap: 12, alignItems: "center" }}
          className="muted"
          data-testid="signed-in-as"
        >
          <span className="nav-name">{who.role === "participant" ? who.name : who.email} ·</span> {who.role}
          <SignOutButton />
        </span>
      )}
    </nav>
  );
}
