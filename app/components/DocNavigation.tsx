import { Link } from "@remix-run/react";
import type { Navigation, SidebarItem } from "../../server/index";
import { useDocHref } from "~/lib/commit";
import { sectionOf } from "~/lib/sections";

/**
 * The way down to the page: its section, the sidebar categories above it, the page itself. A page
 * outside the four sections has none; a section's own index page is its only crumb.
 */
export function Breadcrumbs({
  pageId,
  sidebar,
  navigation,
  title,
}: {
  pageId: string;
  sidebar: SidebarItem[] | null;
  navigation: Navigation;
  title: string;
}) {
  const href = useDocHref();
  const section = sectionOf(pageId, sidebar);
  if (!section) return null;
  const crumbs = [...(section.href === `/${pageId}` ? [] : [section]), ...navigation.breadcrumbs.filter((c) => c.href !== section.href)];
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.label + crumb.href}>
            {crumb.href ? <Link to={href(crumb.href)}>{crumb.label}</Link> : <span>{crumb.label}</span>}
          </li>
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
