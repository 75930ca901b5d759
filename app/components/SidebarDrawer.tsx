import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from "react";
import { SectionLinks } from "./SectionLinks";

export const SIDEBAR_ID = "doc-sidebar";

/**
 * The sidebar's column on wide screens, a drawer on narrow ones, which also lists the four sections
 * (pages without a sidebar have the drawer only). While open, the drawer takes the focus, Escape or
 * the backdrop closes it, and the page behind does not scroll; on closing, the focus goes back to
 * the menu button. Its close control is a link away from it, for when JavaScript has not run.
 */
export function SidebarDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children?: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useDrawerFocus(ref, open, onClose);
  useCurrentLinkInView(ref, pathname);
  const close = (e: MouseEvent) => {
    e.preventDefault();
    onClose();
  };
  return (
    <>
      <aside
        id={SIDEBAR_ID}
        ref={ref}
        className={`sidebar-container${open ? " open" : ""}${children ? "" : " drawer-only"}`}
        aria-label="Sidebar"
      >
        <a className="drawer-close" href="#main" onClick={close} aria-label="Close navigation">
          <span aria-hidden="true">×</span>
        </a>
        <SectionLinks label="Documentation sections" className="drawer-sections" />
        {children}
      </aside>
      {open ? <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" /> : null}
    </>
  );
}

function useDrawerFocus(ref: RefObject<HTMLElement>, open: boolean, onClose: () => void) {
  useEffect(() => {
    const drawer = ref.current;
    if (!open || !drawer) return;
    // The close button stays in sight at the top (sticky), and the list keeps the current page in view.
    drawer.querySelector<HTMLElement>(".drawer-close")?.focus({ preventScroll: true });
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    // Tabbing out of the drawer closes it, so the focus is never hidden behind the backdrop.
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !drawer.contains(e.relatedTarget)) onClose();
    };
    document.addEventListener("keydown", onKey);
    drawer.addEventListener("focusout", onFocusOut);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
      drawer.removeEventListener("focusout", onFocusOut);
      if (drawer.contains(document.activeElement)) document.querySelector<HTMLElement>(`[aria-controls='${SIDEBAR_ID}']`)?.focus();
    };
  }, [ref, open, onClose]);
}

/**
 * Scrolls the column (never the page) so the current page's link shows, when it is out of view.
 * An IntersectionObserver measures, so hydration never forces a layout of its own to find out.
 */
function useCurrentLinkInView(ref: RefObject<HTMLElement>, pathname: string) {
  useEffect(() => {
    const column = ref.current;
    const link = column?.querySelector("[aria-current='page']");
    if (!column || !link || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect();
        const box = entry?.rootBounds;
        if (!entry || !box || entry.intersectionRatio >= 1) return;
        column.scrollTop += entry.boundingClientRect.top - box.top - box.height / 3;
      },
      { root: column, threshold: 1 },
    );
    observer.observe(link);
    return () => observer.disconnect();
  }, [ref, pathname]);
}
