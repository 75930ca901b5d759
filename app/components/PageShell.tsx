import type { ReactNode } from "react";
import type { Drawer } from "~/hooks/useDrawer";
import { PinnedCommit } from "~/lib/commit";
import { SiteFooter, SiteHeader } from "./SiteHeader";

/**
 * What every page has around its content: the top bar, the footer, and the commit its links keep.
 * A page with a sidebar passes the drawer it renders beside its content (see SiteHeader).
 */
export function PageShell({ pinned, drawer, children }: { pinned?: string; drawer?: Drawer; children: ReactNode }) {
  return (
    <PinnedCommit.Provider value={pinned}>
      <div className="page-shell">
        <SiteHeader drawer={drawer} />
        {children}
        <SiteFooter />
      </div>
    </PinnedCommit.Provider>
  );
}
