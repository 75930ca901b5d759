import { useNavigate } from "@remix-run/react";
import { useEffect, useState, type RefObject } from "react";

/**
 * Navigates the internal links inside `ref` client-side with one delegated listener, as Remix's
 * <Link> does for each link it renders, and returns the page the reader points at or focuses, for
 * prefetching. Long lists of links (a page body, the sidebar) stay plain <a> elements this way,
 * which React renders far faster than hundreds of <Link>s.
 */
export function useClientLinks(ref: RefObject<HTMLElement>): string | undefined {
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string>();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>("a[href]");
      const path = link && internalPath(link);
      if (path && event.button === 0 && !event.defaultPrevented && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
        event.preventDefault();
        navigate(path);
      }
    };
    const onIntent = (event: Event) => {
      const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[href]");
      const path = link && internalPath(link);
      if (path) setIntent(path);
    };
    root.addEventListener("click", onClick);
    root.addEventListener("mouseover", onIntent);
    root.addEventListener("focusin", onIntent);
    return () => {
      root.removeEventListener("click", onClick);
      root.removeEventListener("mouseover", onIntent);
      root.removeEventListener("focusin", onIntent);
    };
  }, [ref, navigate]);
  return intent;
}

/** A link to a page of this site, as a path to navigate to; files (static/, .txt, .md) and other sites load as usual. */
function internalPath(link: HTMLAnchorElement): string | undefined {
  if (link.target || link.hasAttribute("download") || link.origin !== location.origin) return undefined;
  const href = link.getAttribute("href")!;
  if (!href.startsWith("/") || href.startsWith("//") || /^\/(static|api)\//.test(href) || /\.[a-z0-9]+$/i.test(link.pathname))
    return undefined;
  return href;
}
