/** Where to go after signing in: a path of this site only (never `//evil.example` or a full URL). */
export function safeNext(next: string | string[] | undefined): string {
  const v = Array.isArray(next) ? next[0] : next;
  return v && v.startsWith("/") && !v.startsWith("//") && !v.includes("\\") ? v : "/";
}
