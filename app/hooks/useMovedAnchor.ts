import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Follows an anchor that moved to a page of its own: when the URL's hash names a link marked
 * `data-moved` (the JSON-RPC index keeps `#sui_getobject` and the like from when every method was
 * on one page), the reader is sent on to that link. Without JavaScript the hash still scrolls to the
 * link's line.
 */
export function useMovedAnchor(): void {
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const target = document.getElementById(id);
    if (!(target instanceof HTMLAnchorElement) || !target.hasAttribute("data-moved")) return;
    const url = new URL(target.href, window.location.href);
    if (url.origin === window.location.origin) navigate(url.pathname + url.search, { replace: true });
  }, [hash, navigate]);
}
