import { NotFoundError, type ChangeEntry } from "../../server/index";
import { content } from "~/content.server";
import { errorResponse } from "./http.server";
import { redirectToCanonical } from "./canonical-url.server";
import { pageNumberParam } from "./query-params.server";

export const CHANGES_PER_PAGE = 20;
const MAX_PAGE = 500;

export interface ChangeItem {
  oid: string;
  subject: string;
  /** The message after the subject line, if any. */
  body: string;
  author: string;
  date: string;
  /** The first pages and files the commit changed (a commit that touches the whole tree lists a few), and how many more. */
  pages: Array<{ id: string; title: string }>;
  files: string[];
  more: number;
}

const LISTED_PAGES = 25;
const LISTED_FILES = 10;

export interface ChangesData {
  page: number;
  more: boolean;
  live: string;
  changes: ChangeItem[];
}

/** One page of the served branch's content changes, newest first (/changes?page=N). */
export async function loadChanges(url: URL): Promise<ChangesData> {
  try {
    const page = pageNumberParam(url, MAX_PAGE);
    redirectToCanonical(url, ["page"]);
    const { entries, more } = await content.recentChanges({ skip: (page - 1) * CHANGES_PER_PAGE, limit: CHANGES_PER_PAGE });
    if (entries.length === 0 && page > 1)
      throw new NotFoundError(`There are fewer than ${page} pages of changes.`, "page", { label: "Newest changes", href: "/changes" });
    return {
      page,
      more,
      live: content.liveSnapshot().commit.oid,
      changes: entries.map(changeItem),
    };
  } catch (error) {
    throw errorResponse(error);
  }
}

export function changeItem({ commit, pages, files }: ChangeEntry): ChangeItem {
  const body = commit.message.slice(commit.message.indexOf("\n") + 1).trim();
  return {
    oid: commit.oid,
    subject: commit.subject,
    body: commit.message.includes("\n") ? body : "",
    author: commit.author,
    date: new Date(commit.timestamp * 1000).toISOString(),
    pages: pages.slice(0, LISTED_PAGES),
    files: files.slice(0, LISTED_FILES),
    more: Math.max(0, pages.length - LISTED_PAGES) + Math.max(0, files.length - LISTED_FILES),
  };
}
