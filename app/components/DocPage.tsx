import type { PageData } from "~/lib/page-data.server";
import { Link } from "@remix-run/react";
import { PinnedCommit, withCommit } from "~/lib/commit";
import { PageBody } from "./mdx/PageBody";
import { Sidebar } from "./Sidebar";
import { TableOfContents } from "./TableOfContents";
import { Breadcrumbs, Paginator } from "./DocNavigation";
import { CommitBar } from "./CommitBar";
import { DocActions } from "./DocActions";
import { VerifiedWith } from "./VerifiedWith";
import { SiteFooter, SiteHeader } from "./SiteHeader";
import { SidebarDrawer } from "./SidebarDrawer";
import { useDrawer } from "~/hooks/useDrawer";
import { useDiagrams } from "~/hooks/useDiagrams";

export function DocPage({ data }: { data: PageData }) {
  const { page, sidebar, navigation, commit, pinned, site } = data;
  const drawer = useDrawer();
  useDiagrams(page.html);
  return (
    <PinnedCommit.Provider value={pinned}>
      <div className="page-shell">
        <SiteHeader sourceRepoUrl={site.sourceRepoUrl} onMenu={sidebar ? drawer.show : undefined} menuOpen={drawer.open} />
        {pinned ? <CommitBar commit={commit} livePath={`/${page.id}`} /> : null}
        <div className={`doc-layout${sidebar ? "" : " full-width"}`}>
          {sidebar ? (
            <SidebarDrawer open={drawer.open} onClose={drawer.close}>
              <Sidebar items={sidebar} currentId={page.id} />
            </SidebarDrawer>
          ) : null}
          <main id="main" className="doc-main">
            <article className="doc-article">
              {sidebar ? <Breadcrumbs navigation={navigation} title={page.title} /> : null}
              <header className="doc-header">
                <h1>{page.title}</h1>
                <p className="doc-description">{page.description}</p>
                <VerifiedWith tools={page.verifiedWith} />
                <DocActions pageId={page.id} pinned={pinned} />
              </header>
              <PageBody html={page.html} />
              <footer className="doc-footer">
                {page.lastChange ? (
                  <span className="last-change">
                    Last updated on <time dateTime={page.lastChange.date}>{page.lastChange.date.slice(0, 10)}</time> by {page.lastChange.author} ·{" "}
                    <Link to={withCommit(`/history/${page.id}`, pinned)}>Page history</Link>
                  </span>
                ) : null}
                {page.editUrl ? (
                  <a href={page.editUrl} target="_blank" rel="noreferrer">
                    Edit this page
                  </a>
                ) : null}
              </footer>
              <Paginator navigation={navigation} />
            </article>
            <TableOfContents toc={page.toc} />
          </main>
        </div>
        <SiteFooter />
      </div>
    </PinnedCommit.Provider>
  );
}
