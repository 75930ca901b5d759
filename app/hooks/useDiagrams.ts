import { useEffect } from "react";

/**
 * Draws the Mermaid diagrams of the page body. The loader, and Mermaid behind it, is imported only
 * when the page has a diagram and one comes near the viewport, so a page whose diagrams are far
 * down does not pay for Mermaid until the reader gets there. `body` changes with the page.
 */
export function useDiagrams(body: unknown): void {
  useEffect(() => {
    const placeholders = [...document.querySelectorAll<HTMLElement>("[data-mermaid]")];
    if (!placeholders.length) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        void import("~/lib/mermaid.client").then(async ({ drawDiagrams }) => {
          const disconnect = await drawDiagrams(placeholders);
          if (cancelled) disconnect();
          else stop = disconnect;
        });
      },
      { rootMargin: "100% 0px" },
    );
    for (const placeholder of placeholders) near.observe(placeholder);
    return () => {
      cancelled = true;
      near.disconnect();
      stop?.();
    };
  }, [body]);
}
