import { BadRequestError, parsePagePath, type DiffHunk } from "../../server/index";
import { content } from "~/content.server";
import { errorResponse, MAX_QUERY_STRING_LENGTH } from "./http.server";
import { singleParam } from "./query-params.server";

export interface DiffCommit {
  oid: string;
  subject: string;
  author: string;
  date: string;
}

export interface DiffData {
  id: string;
  title: string;
  from?: DiffCommit;
  to: DiffCommit;
  hunks: DiffHunk[];
  /** Why no diff is shown: the page changed too much. */
  refused?: string;
  /** Whether both commits were named, so the answer never changes. */
  fixed: boolean;
  /** The branch, tag or pull request (`?ref=`) whose tip is the newer side, when one was named. */
  ref?: string;
}

/** What changed in one page between ?from= and ?to= or ?ref='s tip (see ContentService.pageDiff for the defaults); `client` is who asks. */
export async function loadDiff(url: URL, client: string | undefined): Promise<DiffData> {
  try {
    if (url.search.length > MAX_QUERY_STRING_LENGTH)
      throw new BadRequestError(`The query string is longer than ${MAX_QUERY_STRING_LENGTH} characters`);
    const rawId = url.pathname.replace(/^\/diff\/?/, "");
    if (!rawId) throw new BadRequestError("Name a page: /diff/<page id>?from=<commit>&to=<commit>, e.g. /diff/concepts/object-model");
    const { id } = parsePagePath(`/${rawId}`);
    const from = singleParam(url, "from");
    const to = singleParam(url, "to");
    const ref = singleParam(url, "ref");
    const diff = await content.pageDiff(id, { from, to, ref }, client);
    return {
      id,
      title: diff.title,
      ...(diff.from ? { from: commitOf(diff.from) } : {}),
      to: commitOf(diff.to),
      hunks: diff.hunks,
      ...(diff.refused ? { refused: diff.refused } : {}),
      fixed: from !== null && to !== null,
      ...(ref !== null ? { ref } : {}),
    };
  } catch (error) {
    throw errorResponse(error);
  }
}

function commitOf(c: { oid: string; subject: string; author: string; timestamp: number }): DiffCommit {
  return { oid: c.oid, subject: c.subject, author: c.author, date: new Date(c.timestamp * 1000).toISOString() };
}
