import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useContext, type SyntheticEvent } from "react";
import { PinnedRevisionContext, unversionedPath, withRevision } from "~/lib/commit";
import type { VersionsData } from "~/lib/versions.server";

/**
 * The header's version menu: the version being read, and the same page at Latest, at the newest
 * releases (VERSION_MENU_SIZE) and a link to all of them. The releases are loaded from /versions
 * when the menu is first opened, not rendered into every page: a new tag then shows at once, while
 * the page around the menu stays cached by its commit. Without JavaScript it still offers Latest
 * and the list of all versions.
 */
export function VersionMenu() {
  const pinned = useContext(PinnedRevisionContext);
  const { pathname } = useLocation();
  const fetcher = useFetcher<VersionsData>();
  const current = pinned?.param === "version" ? pinned.value : "Latest";
  const path = unversionedPath(pathname);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open && fetcher.state === "idle" && !fetcher.data) fetcher.load("/versions");
  };
  const releases = fetcher.data ? fetcher.data.releases.slice(0, fetcher.data.menuSize) : [];
  return (
    // Keyed by the page, so that following one of its links closes it.
    <details className="version-menu" key={pathname} onToggle={onToggle}>
      <summary aria-label={`Version: ${current}`}>
        <span className="version-current">{current}</span>
      </summary>
      <ul className="version-list">
        <li>
          <Link to={path} aria-current={current === "Latest" ? "true" : undefined}>
            Latest
          </Link>
        </li>
        {releases.map((release) => (
          <li key={release.tag}>
            <Link
              to={withRevision(path, { param: "version", value: release.tag })}
              aria-current={current === release.tag ? "true" : undefined}
            >
              {release.tag}
            </Link>
          </li>
        ))}
        {fetcher.state === "loading" ? <li className="version-loading">Loading…</li> : null}
        <li className="version-all">
          <Link to="/versions">All versions</Link>
        </li>
      </ul>
    </details>
  );
}
