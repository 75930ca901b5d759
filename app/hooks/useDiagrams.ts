import { useEffect } from "react";

/**
 * Draws the Mermaid diagrams of the page body once it is in the document. `body` changes with the
 * page; the loader (and Mermaid behind it) is imported only when the page has a diagram.
 */
export function useDiagrams(body: unknown): void {
  useEffect(() => {
    const placeholders = [...document.querySelectorAll<HTMLElement>("[data-mermaid]")];
    if (!placeholders.length) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("~/lib/mermaid.client").then(async ({ drawDiagrams }) => {
      const disconnect = await drawDiagrams(placeholders);
      if (cancelled) disconnect();
      else stop = disconnect;
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [body]);
}
