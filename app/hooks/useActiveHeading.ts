import { useEffect, useState } from "react";

/**
 * The heading whose section the reader is in: the last one above a line a quarter down the viewport.
 * An IntersectionObserver watches that line, so nothing runs while scrolling between headings. The
 * observed area reaches far above the viewport, so a heading counts as passed whether it sits just
 * above the line or was scrolled out of view long ago, and a jump in either direction is seen.
 *
 * At the very end of the page the last sections may be too short to bring their headings up to the
 * line; there (scrolled to the page footer, fully in view) the last heading on screen wins.
 */
export function useActiveHeading(ids: string[], endSelector = ".site-footer"): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join("\n");
  useEffect(() => {
    const headings = key
      .split("\n")
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    if (!headings.length || typeof IntersectionObserver === "undefined") return;
    const passed = new Set<Element>();
    let atEnd = false;
    const update = () => {
      // On a page that does not scroll, the footer is always in view: that is no reason to skip ahead.
      const current =
        atEnd && window.scrollY > 0
          ? headings.findLast((h) => h.getBoundingClientRect().top < window.innerHeight)
          : headings.findLast((h) => passed.has(h));
      setActive((current ?? headings[0]!).id);
    };
    const line = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) passed.add(entry.target);
          else passed.delete(entry.target);
        }
        update();
      },
      { rootMargin: "1000000px 0px -75% 0px" },
    );
    const end = new IntersectionObserver(
      ([entry]) => {
        atEnd = entry!.intersectionRatio >= 0.99;
        update();
      },
      { threshold: [0, 0.99] },
    );
    for (const heading of headings) line.observe(heading);
    const endElement = document.querySelector(endSelector);
    if (endElement) end.observe(endElement);
    return () => {
      line.disconnect();
      end.disconnect();
    };
  }, [key, endSelector]);
  return active;
}
