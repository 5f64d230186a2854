import Link from "next/link";

interface Props {
  /** The list's path, e.g. "/tasks". */
  path: string;
  /** The list's filter as it is in the URL; the page number is set per link. */
  filter: Record<string, string | number | undefined>;
  page: number;
  pageSize: number;
  total: number;
}

/** Previous / "Page N of M" / Next under a filtered list, keeping the filter in each link. */
export function Pager({ path, filter, page, pageSize, total }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => {
    const q = new URLSearchParams(
      Object.entries({ ...filter, page: p })
        .filter(([, v]) => v !== undefined && String(v) !== "")
        .map(([k, v]) => [k, String(v)]),
    );
    return `${path}?${q}`;
  };
  return (
    <div className="toolbar" style={{ marginTop: 12 }}>
      {page > 1 && <Link href={href(page - 1)}>← Previous</Link>}
      <span className="muted">
        Page {page} of {pages}
      </span>
      {page < pages && <Link href={href(page + 1)}>Next →</Link>}
    </div>
  );
}
