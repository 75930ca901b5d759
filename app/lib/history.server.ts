import { BadRequestError, NotFoundError, parsePagePath } from "../../server/index";
import { content } from "~/content.server";
import { contentRequest } from "./content-request.server";
import { errorResponse } from "./http.server";
import { pageNumberParam } from "./query-params.server";
import { unversionedPath, type PinnedRevision } from "./commit";

const PAGE_SIZE = 20;
const MAX_PAGE = 9999;
/** The query parameters of a history page, in the order its links write them. */
const HISTORY_PARAMS = ["page", "commit"] as const;

export interface HistoryData {
  id: string;
  title: string;
  page: number;
  more: boolean;
  pinned?: PinnedRevision;
  commits: Array<{ oid: string; subject: string; author: string; date: string }>;
}

/** The commits that changed one page, newest first, each linking to the page at that commit. */
export async function loadHistory(request: Request): Promise<HistoryData> {
  try {
    const url = new URL(request.url);
    const rawId = unversionedPath(url.pathname).replace(/^\/history\/?/, "");
    if (!rawId) throw new BadRequestError("Name a page: /history/<page id>, e.g. /history/guides");
    const { id } = parsePagePath(`/${rawId}`);
    const pageNumber = pageNumberParam(url, MAX_PAGE);
    const { snapshot, pinned, redirectToCanonical } = await contentRequest(request, HISTORY_PARAMS);
    const page = snapshot.catalogue.pages.get(id);
    if (!page) throw new NotFoundError(`There is no page at /${id}, so it has no history.`);
    redirectToCanonical();
    const { commits, more } = await content.history(snapshot, page, { skip: (pageNumber - 1) * PAGE_SIZE, limit: PAGE_SIZE });
    if (commits.length === 0 && pageNumber > 1) {
      throw new NotFoundError(`The history of /${id} has fewer than ${pageNumber} pages.`, "page", {
        label: "Newest changes",
        href: `/history/${id}`,
      });
    }
    return {
      id,
      title: page.title,
      page: pageNumber,
      more,
      pinned,
      commits: commits.map((c) => ({ oid: c.oid, subject: c.subject, author: c.author, date: new Date(c.timestamp * 1000).toISOString() })),
    };
  } catch (error) {
    throw errorResponse(error);
  }
}
