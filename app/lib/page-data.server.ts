import {
  mapBodyUrls,
  navigationFor,
  NotFoundError,
  parsePagePath,
  type RefKind,
  type Snapshot,
  type Navigation,
  type SidebarItem,
  type TocEntry,
} from "../../server/index";
import { content } from "~/content.server";
import { unversionedPath, withRevision, type PinnedRevision } from "./commit";
import { canonicalSearch, permanentRedirect } from "./canonical-url.server";
import { contentRequest } from "./content-request.server";
import { errorResponse } from "./http.server";

export interface PageData {
  kind: "page";
  page: {
    id: string;
    title: string;
    description: string;
    /** The body as HTML of allowed elements only (server/mdx/render-html.ts), its links at the commit read. */
    html: string;
    toc: TocEntry[];
    /** What the page's code was checked against, from its frontmatter's verified_with. */
    verifiedWith: Array<{ name: string; version: string }>;
    editUrl?: string;
    /** The last commit that changed the page's source, as seen from the commit being read. */
    lastChange?: { oid: string; author: string; date: string };
  };
  sidebar: SidebarItem[] | null;
  navigation: Navigation;
  commit: { oid: string; date: string; subject: string };
  /** The revision the reader pinned (?commit= or ?ref=), if any. */
  pinned?: PinnedRevision;
  /** The branch, tag or pull request previewed with ?ref=, for the banner. */
  preview?: { name: string; kind: RefKind };
  /**
   * A release's page (/v/<tag>/): where the same page is at Latest (its home when Latest has no such
   * page), for the version notice and the canonical link, and Latest's commit, which that depends on.
   */
  latest?: { path: string; exists: boolean; commit: string };
}

export interface MarkdownData {
  kind: "markdown";
  text: string;
  commit: string;
  pinned?: PinnedRevision;
}

/**
 * Everything a documentation page needs, for the page the request names (throws error responses). `origin`
 * is the site's public origin, for absolute URLs; `client` the reader's address, which compiles of
 * pages at other revisions than the live one are admitted by.
 */
/** The commit a page was read at, as the commit bar and the preview banner show it. */
export const commitView = ({ commit }: Snapshot): PageData["commit"] => ({
  oid: commit.oid,
  date: new Date(commit.timestamp * 1000).toISOString(),
  subject: commit.subject,
});

export async function loadPage(httpRequest: Request, origin: string, client?: string): Promise<PageData | MarkdownData> {
  const url = new URL(httpRequest.url);
  try {
    const request = parsePagePath(unversionedPath(url.pathname));
    const { snapshot, pinned, ref, redirectToCanonical } = await contentRequest(httpRequest);
    const { catalogue } = snapshot;
    const aliasTarget = catalogue.aliases.get(request.id);
    if (aliasTarget) {
      const target = `${aliasTarget}${request.markdown ? ".md" : ""}`;
      throw permanentRedirect(
        pinned?.param === "version" ? withRevision(`/${target}`, pinned) : `${target}${canonicalSearch(url, ["commit"], pinned)}`,
      );
    }
    const page = catalogue.pages.get(request.id);
    if (!page) {
      content.checkReadable(snapshot, request.id);
      if (pinned && content.liveSnapshot().catalogue.pages.has(request.id)) {
        throw new NotFoundError(`The page /${request.id} does not exist at ${pinned.param} ${pinned.value}.`, "page", {
          label: "Read the live page",
          href: `/${request.id}`,
        });
      }
      // A page below an existing one (a method of the JSON-RPC reference, a GraphQL type) points up to it.
      const parent = catalogue.pages.get(request.id.split("/").slice(0, -1).join("/"));
      throw new NotFoundError(
        `There is no page at /${request.id}.`,
        "page",
        parent ? { label: `See ${parent.title}`, href: `/${parent.id}` } : undefined,
      );
    }
    redirectToCanonical();
    const { config } = content;
    if (request.markdown) {
      const pageUrl = `${origin}${withRevision(`/${page.id}`, pinned)}`;
      return { kind: "markdown", text: await content.pageMarkdown(snapshot, page, pageUrl), commit: snapshot.commit.oid, pinned };
    }
    const [compiled, history] = await Promise.all([
      content.page(snapshot, page, { client, ref: pinned?.value }),
      content.history(snapshot, page, { limit: 1 }),
    ]);
    const last = history.commits[0];
    const sidebar = page.sidebar ? (snapshot.sidebars.get(page.sidebar) ?? null) : null;
    return {
      kind: "page",
      page: {
        id: page.id,
        title: page.title,
        description: page.description,
        // The compiled body is shared by every commit with the same source; a pinned reader's links stay at the revision.
        html: pinned ? mapBodyUrls(compiled.html, (href) => withRevision(href, pinned)) : compiled.html,
        verifiedWith: page.verifiedWith ?? [],
        toc: compiled.toc,
        ...(config.editUrlBase ? { editUrl: `${config.editUrlBase}/${content.repositoryPath(page.sourcePath)}` } : {}),
        ...(last ? { lastChange: { oid: last.oid, author: last.author, date: new Date(last.timestamp * 1000).toISOString() } } : {}),
      },
      sidebar,
      navigation: sidebar ? navigationFor(sidebar, page.id) : { breadcrumbs: [] },
      commit: commitView(snapshot),
      pinned,
      ...(ref ? { preview: { name: ref.name, kind: ref.kind } } : {}),
      ...(pinned?.param === "version" ? { latest: latestOf(page.id) } : {}),
    };
  } catch (error) {
    const live = { label: "Go to the live site", href: `/${unversionedPath(url.pathname).replace(/^[/\\]+/, "")}` };
    throw errorResponse(
      error instanceof NotFoundError && (error.what === "commit" || error.what === "ref")
        ? new NotFoundError(error.message, error.what, live)
        : error,
    );
  }
}

/** Where a release's page `id` is at Latest: the same page, or Latest's home when the page is gone. */
function latestOf(id: string): NonNullable<PageData["latest"]> {
  const live = content.liveSnapshot();
  // A page moved since the release is found at its new address (its old one is an alias there).
  const at = live.catalogue.pages.has(id) ? id : live.catalogue.aliases.get(id);
  return { path: at !== undefined ? `/${at}` : "/", exists: at !== undefined, commit: live.commit.oid };
}
