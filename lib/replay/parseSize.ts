/** A resize event's "COLSxROWS", or null when it is not a sane terminal size. */
export function parseSize(data: string): { cols: number; rows: number } | null {
  const m = /^(\d{1,4})x(\d{1,4})$/.exec(data);
  if (!m) return null;
  const cols = Number(m[1]);
  const rows = Number(m[2]);
  return cols >= 1 && rows >= 1 && cols <= 1000 && rows <= 500 ? { cols, rows } : null;
}
