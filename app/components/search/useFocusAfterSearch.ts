import { useEffect } from "react";
import { useLocation } from "@remix-run/react";

/**
 * The result a reader chose, until the page it names is shown. Kept outside React: the header
 * that started the navigation may be replaced by the next page's own header, whose hook finishes it.
 */
let chosen: { pathname: string; hash: string } | undefined;

/** Remembers that the reader chose the result at `href`, so its page takes the focus once shown. */
export function focusAfterNavigation(href: string): void {
  const url = new URL(href, window.location.href);
  chosen = { pathname: url.pathname, hash: url.hash };
}

/**
 * Once the chosen result's page is shown, moves the focus to the section it names (or the main
 * content), as a link to an anchor does on a full page load: the next Tab starts there and a
 * screen reader reads from there, instead of from the top of the page or the closed dialog's button.
 */
export function useFocusAfterSearch(): void {
  const location = useLocation();
  useEffect(() => {
    if (!chosen || chosen.pathname !== location.pathname || chosen.hash !== location.hash) return;
    const { hash } = chosen;
    chosen = undefined;
    const target = (hash && document.getElementById(decodeURIComponent(hash.slice(1)))) || document.getElementById("main");
    if (!target) return;
    // Headings and <main> are not focusable by themselves; -1 makes them focusable by script only.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    // Remix's ScrollRestoration has already scrolled to the anchor (or the top).
    target.focus({ preventScroll: true });
  }, [location]);
}
