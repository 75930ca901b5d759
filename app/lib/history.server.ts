import { parsePagePath } from "../../server/index";
import { content } from "~/content.server";
import { errorResponse, notFound } from "./http.server";

const PAGE_SIZE = 20;

export interface HistoryData {
  id: string;
  title: string;
  page: number;
  more: boolean;
  pinned?: string;
  sourceRepoUrl: string;
  commits: Array<{ oid: string; subject: string; author: string; date: string }>;
}

/** The commits that changed one page, newest first, each linking to the page at that commit. */
export async function loadHistory(url: URL): Promise<HistoryData> {
  try {
    const { id } = parsePagePath(url.pathname.replace(/^\/history/, ""));
    const pageNumber = Number(url.searchParams.get("page") ?? "1");
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > 10_000) throw new Response("Bad page number", { status: 400 });
    const pinned = url.searchParams.get("commit");
    const snapshot = await content.snapshotAt(pinned);
    const page = snapshot.catalogue.pages.get(id);
    if (!page) throw notFound(`There is no page at /${id}, so it has no history.`);
    const { commits, more } = await content.engine.history(snapshot, page.sourcePath, { skip: (pageNumber - 1) * PAGE_SIZE, limit: PAGE_SIZE });
    return {
      id,
      title: page.title,
      page: pageNumber,
      more,
      pinned: pinned ?? undefined,
      sourceRepoUrl: content.config.sourceRepoUrl,
      commits: commits.map((c) => ({ oid: c.oid, subject: c.subject, author: c.author, date: new Date(c.timestamp * 1000).toISOString() })),
    };
  } catch (error) {
    throw errorResponse(error);
  }
}

