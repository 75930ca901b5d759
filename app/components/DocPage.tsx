import type { PageData } from "~/lib/page-data.server";
import { Link } from "@remix-run/react";
import { withRevision } from "~/lib/commit";
import { PageBody } from "./mdx/PageBody";
import { Sidebar } from "./Sidebar";
import { TableOfContents, TableOfContentsDisclosure } from "./TableOfContents";
import { Breadcrumbs, Paginator } from "./DocNavigation";
import { CommitBar } from "./CommitBar";
import { PreviewBanner } from "./PreviewBanner";
import { VersionNotice } from "./VersionNotice";
import { DocActions } from "./DocActions";
import { VerifiedWith } from "./VerifiedWith";
import { PageShell } from "./PageShell";
import { SidebarDrawer } from "./SidebarDrawer";
import { useDrawer } from "~/hooks/useDrawer";
import { useMovedAnchor } from "~/hooks/useMovedAnchor";
import { useDiagrams } from "~/hooks/useDiagrams";

export function DocPage({ data }: { data: PageData }) {
  const { page, sidebar, navigation, commit, pinned, preview, latest } = data;
  const drawer = useDrawer();
  useMovedAnchor();
  useDiagrams(page.html);
  return (
    <PageShell pinned={pinned} drawer={drawer}>
      {pinned?.param === "version" && latest ? (
        <VersionNotice tag={pinned.value} latest={latest} />
      ) : preview ? (
        <PreviewBanner preview={preview} commit={commit} livePath={`/${page.id}`} />
      ) : pinned ? (
        <CommitBar commit={commit} livePath={`/${page.id}`} />
      ) : null}
      <div className={`doc-layout${sidebar ? "" : " full-width"}`}>
        <SidebarDrawer open={drawer.open} onClose={drawer.close}>
          {sidebar ? <Sidebar items={sidebar} currentId={page.id} /> : null}
        </SidebarDrawer>
        <main id="main" className="doc-main">
          <article className="doc-article">
            <Breadcrumbs pageId={page.id} sidebar={sidebar} navigation={navigation} title={page.title} />
            <header className="doc-header">
              <h1>{page.title}</h1>
              <p className="doc-description">{page.description}</p>
              <VerifiedWith tools={page.verifiedWith} />
              <DocActions pageId={page.id} pinned={pinned} />
            </header>
            <TableOfContentsDisclosure toc={page.toc} />
            <PageBody html={page.html} />
            <footer className="doc-footer">
              {page.lastChange ? (
                <span className="last-change">
                  Last updated on <time dateTime={page.lastChange.date}>{page.lastChange.date.slice(0, 10)}</time> by{" "}
                  {page.lastChange.author} · <Link to={withRevision(`/history/${page.id}`, pinned)}>Page history</Link>
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
    </PageShell>
  );
}
