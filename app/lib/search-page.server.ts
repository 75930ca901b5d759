import { MAX_QUERY_LENGTH, MAX_RESULTS, parseSearchRequest, searchWords, type PageHit } from "../../server/index";
import { content } from "~/content.server";
import { contentRequest } from "./content-request.server";
import { errorResponse } from "./http.server";
import type { PinnedRevision } from "./commit";

/** Pages of results shown at first, and added by each "more results" link. */
export const RESULTS_STEP = 20;
/** The query parameters of the results page, in the order its links and forms write them. */
const SEARCH_PAGE_PARAMS = ["q", "limit", "commit"] as const;

export interface SearchPageData {
  /** The words searched for; empty before the reader has typed any. */
  q: string;
  total: number;
  results: PageHit[];
  /** When nothing matches: queries of the closest words the site uses ("Did you mean …"). */
  suggestions: string[];
  limit: number;
  maxResults: number;
  maxQueryLength: number;
  pinned?: PinnedRevision;
}

/** The results of /search?q=&limit=&commit=, or a thrown response (redirect, 400, 404, 429, 503). */
export async function loadSearchPage(request: Request, client: string | undefined): Promise<SearchPageData> {
  try {
    const { url, snapshot, pinned, redirectToCanonical } = await contentRequest(request, SEARCH_PAGE_PARAMS);
    redirectToCanonical();
    const q = searchWords(url.searchParams);
    const query = q ? parseSearchRequest(url.searchParams, RESULTS_STEP) : undefined;
    const found = query ? await content.search(snapshot, query, client) : { total: 0, results: [] };
    return {
      q,
      total: found.total,
      results: found.results,
      suggestions: found.suggestions ?? [],
      limit: query?.limit ?? RESULTS_STEP,
      maxResults: MAX_RESULTS,
      maxQueryLength: MAX_QUERY_LENGTH,
      pinned,
    };
  } catch (error) {
    throw errorResponse(error);
  }
}
