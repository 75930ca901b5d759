import { useEffect, useState } from "react";

/**
 * The heading whose section the reader is in: the last one above a line a quarter down the viewport.
 * An IntersectionObserver watches that line, so nothing runs while scrolling between headings. The
 * observed area reaches far above the viewport, so a heading counts as passed whether it sits just
 * above the line or was scrolled out of view long ago, and a jump in either direction is seen.
 */
export function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join("\n");
  useEffect(() => {
    const headings = key
      .split("\n")
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    if (!headings.length || typeof IntersectionObserver === "undefined") return;
    const passed = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) passed.add(entry.target);
          else passed.delete(entry.target);
        }
        setActive((headings.findLast((h) => passed.has(h)) ?? headings[0]!).id);
      },
      { rootMargin: "1000000px 0px -75% 0px" },
    );
    for (const heading of headings) observer.observe(heading);
    return () => observer.disconnect();
  }, [key]);
  return active;
}
