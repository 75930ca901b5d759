import { Link } from "@remix-run/react";

/** Links to the newer and older pages of a list of commits, newest first (history, changes). */
export function NewerOlder({ page, more, href, label }: { page: number; more: boolean; href: (page: number) => string; label: string }) {
  return (
    <nav className="paginator" aria-label={label}>
      {page > 1 ? <Link to={href(page - 1)}>« Newer</Link> : <span />}
      {more ? <Link to={href(page + 1)}>Older »</Link> : <span />}
    </nav>
  );
}
