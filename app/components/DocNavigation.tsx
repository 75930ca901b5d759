import { Link } from "@remix-run/react";
import type { Navigation } from "../../server/index";
import { useDocHref } from "~/lib/commit";

export function Breadcrumbs({ navigation, title }: { navigation: Navigation; title: string }) {
  const href = useDocHref();
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li>
          <Link to={href("/")} aria-label="Home">
            Home
          </Link>
        </li>
        {navigation.breadcrumbs.map((crumb) => (
          <li key={crumb.label + crumb.href}>{crumb.href ? <Link to={href(crumb.href)}>{crumb.label}</Link> : <span>{crumb.label}</span>}</li>
        ))}
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}

export function Paginator({ navigation }: { navigation: Navigation }) {
  const href = useDocHref();
  if (!navigation.previous && !navigation.next) return null;
  return (
    <nav className="paginator" aria-label="Previous and next pages">
      {navigation.previous ? (
        <Link className="paginator-link prev" to={href(navigation.previous.href)} prefetch="intent">
          <span className="paginator-sub">Previous</span>
          <span className="paginator-label">« {navigation.previous.label}</span>
        </Link>
      ) : (
        <span />
      )}
      {navigation.next ? (
        <Link className="paginator-link next" to={href(navigation.next.href)} prefetch="intent">
          <span className="paginator-sub">Next</span>
          <span className="paginator-label">{navigation.next.label} »</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
