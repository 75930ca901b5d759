import { navigationFor, NotFoundError, parsePagePath, type Navigation, type PageNode, type SidebarItem, type TocEntry } from "../../server/index";
import { content } from "~/content.server";
import { commitParam, errorResponse, notFound } from "./http.server";

export interface PageData {
  kind: "page";
  page: {
    id: string;
    title: string;
    description: string;
    /** The compiled page as data (server/mdx/safe-html.ts); never code. */
    tree: PageNode[];
    toc: TocEntry[];
    editUrl?: string;
    /** The last commit that changed the page's source, as seen from the commit being read. */
    lastChange?: { oid: string; author: string; date: string };
  };
  sidebar: SidebarItem[] | null;
  navigation: Navigation;
  commit: { oid: string; date: string; subject: string };
  /** The ?commit= value the reader pinned, if any. */
  pinned?: string;
  site: { sourceRepoUrl: string; siteUrl?: string };
}

export interface MarkdownData {
  kind: "markdown";
  text: string;
  commit: string;
  pinned?: string;
}

/** Everything a documentation page needs, for the page at `url` (throws error responses). */
export async function loadPage(url: URL): Promise<PageData | MarkdownData> {
  try {
    const pinned = commitParam(url);
    const request = parsePagePath(url.pathname);
    const snapshot = await content.snapshotAt(pinned);
    const { catalogue } = snapshot;
    const aliasTarget = catalogue.aliases.get(request.id);
    if (aliasTarget) {
      throw new Response(null, { status: 301, headers: { Location: `/${aliasTarget}${request.markdown ? ".md" : ""}${url.search}` } });
    }
    const page = catalogue.pages.get(request.id);
    if (!page) {
      if (pinned !== null && content.live.snapshot.catalogue.pages.has(request.id)) {
        throw notFound(`The page /${request.id} does not exist at commit ${pinned}.`, { label: "Read the live page", href: `/${request.id}` });
      }
      throw notFound(`There is no page at /${request.id}.`);
    }
    const { engine, config } = content;
    if (request.markdown) {
      return { kind: "markdown", text: await engine.source(snapshot, page), commit: snapshot.commit.oid, pinned: pinned ?? undefined };
    }
    const [compiled, history] = await Promise.all([engine.compile(snapshot, page), engine.history(snapshot, page.sourcePath, { limit: 1 })]);
    const last = history.commits[0];
    const sidebar = page.sidebar ? (snapshot.sidebars.get(page.sidebar) ?? null) : null;
    return {
      kind: "page",
      page: {
        id: page.id,
        title: page.title,
        description: page.description,
        tree: compiled.tree,
        toc: compiled.toc,
        ...(config.editUrlBase ? { editUrl: `${config.editUrlBase}/${content.repositoryPath(page.sourcePath)}` } : {}),
        ...(last ? { lastChange: { oid: last.oid, author: last.author, date: new Date(last.timestamp * 1000).toISOString() } } : {}),
      },
      sidebar,
      navigation: sidebar ? navigationFor(sidebar, page.id) : { breadcrumbs: [] },
      commit: { oid: snapshot.commit.oid, date: new Date(snapshot.commit.timestamp * 1000).toISOString(), subject: snapshot.commit.subject },
      pinned: pinned ?? undefined,
      site: { sourceRepoUrl: config.sourceRepoUrl, siteUrl: config.siteUrl },
    };
  } catch (error) {
    if (error instanceof NotFoundError && error.what === "commit") throw notFound(error.message, { label: "Go to the live site", href: url.pathname });
    throw errorResponse(error);
  }
}
