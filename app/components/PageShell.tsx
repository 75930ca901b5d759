import type { ReactNode } from "react";
import type { Drawer } from "~/hooks/useDrawer";
import { PinnedRevisionContext, type PinnedRevision } from "~/lib/commit";
import { SiteFooter, SiteHeader } from "./SiteHeader";

/**
 * What every page has around its content: the top bar, the footer, and the revision its links keep
 * (?commit= or ?ref=).
 * A page with a sidebar passes the drawer it renders beside its content (see SiteHeader).
 */
export function PageShell({ pinned, drawer, children }: { pinned?: PinnedRevision; drawer?: Drawer; children: ReactNode }) {
  return (
    <PinnedRevisionContext.Provider value={pinned}>
      <div className="page-shell">
        <SiteHeader drawer={drawer} />
        {children}
        <SiteFooter />
      </div>
    </PinnedRevisionContext.Provider>
  );
}
