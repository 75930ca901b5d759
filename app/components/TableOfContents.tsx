import { useActiveHeading } from "~/hooks/useActiveHeading";
import type { TocEntry } from "../../server/index";

export function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const active = useActiveHeading(toc.map((t) => t.id));
  if (!toc.length) return null;
  const list = (
    <ul>
      {toc.map((entry) => (
        <li key={entry.id} className={`toc-depth-${entry.depth}`}>
          <a href={`#${entry.id}`} className={entry.id === active ? "active" : undefined} aria-current={entry.id === active ? "location" : undefined}>
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  );
  // Wide screens get a sticky column; narrow ones a collapsed disclosure above the article.
  return (
    <>
      <nav className="toc toc-wide" aria-label="On this page">
        <p className="toc-title">On this page</p>
        {list}
      </nav>
      <details className="toc toc-narrow" onClick={(e) => (e.target as Element).closest("a") && (e.currentTarget.open = false)}>
        <summary>On this page</summary>
        {list}
      </details>
    </>
  );
}
