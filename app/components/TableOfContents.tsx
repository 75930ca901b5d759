import { useActiveHeading } from "~/hooks/useActiveHeading";
import type { TocEntry } from "../../server/index";

function TocList({ toc, active }: { toc: TocEntry[]; active?: string }) {
  return (
    <ul>
      {toc.map((entry) => (
        <li key={entry.id} className={`toc-depth-${entry.depth}`}>
          <a
            href={`#${entry.id}`}
            className={entry.id === active ? "active" : undefined}
            aria-current={entry.id === active ? "location" : undefined}
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sticky column beside the article on wide screens, highlighting the section in view. */
export function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const active = useActiveHeading(toc.map((t) => t.id));
  if (!toc.length) return null;
  return (
    <nav className="toc toc-wide" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList toc={toc} active={active} />
    </nav>
  );
}

/** On narrow screens, a collapsed disclosure under the page's title that closes when an entry is chosen. */
export function TableOfContentsDisclosure({ toc }: { toc: TocEntry[] }) {
  if (!toc.length) return null;
  return (
    // Choosing an entry (a link, reachable by keyboard) closes the disclosure; the click only listens for it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <details className="toc toc-narrow" onClick={(e) => (e.target as Element).closest("a") && (e.currentTarget.open = false)}>
      <summary>On this page</summary>
      <TocList toc={toc} />
    </details>
  );
}
