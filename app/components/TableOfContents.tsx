import { useEffect, useState } from "react";
import type { TocEntry } from "../../server/index";

/** The active heading is the last one scrolled past the top quarter of the viewport. */
function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (!ids.length) return;
    const update = () => {
      let current = ids[0];
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top < window.innerHeight / 4) current = id;
      }
      setActive(current);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [ids]);
  return active;
}

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
      <details className="toc toc-narrow">
        <summary>On this page</summary>
        {list}
      </details>
    </>
  );
}
