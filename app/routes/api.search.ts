import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSearchRequest } from "../../server/index";
import { content } from "~/content.server";
import { jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { contentRequest } from "~/lib/content-request.server";

/** The query parameters of a search, in the order the search dialog writes them. */
const SEARCH_PARAMS = ["q", "limit", "commit"] as const;

/**
 * Full-text search at the live commit or at ?commit=; the search dialog and tools share it. It
 * answers the first `limit` matching pages (each with its best sections) and how many match in
 * all, so a client asks again with a larger limit for more; when nothing matches, `suggestions`
 * holds up to three queries of the closest words the site uses. A pinned commit's index is built on
 * first use, within per-client and overall limits (429 or 503 with Retry-After past them).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const { url, snapshot, pinned, redirectToCanonical } = await contentRequest(request, SEARCH_PARAMS);
    const query = parseSearchRequest(url.searchParams);
    redirectToCanonical();
    const { total, results, suggestions } = await content.search(snapshot, query, context.clientAddress);
    return Response.json(
      { query: query.q, commit: snapshot.commit.oid, limit: query.limit, total, results, ...(suggestions ? { suggestions } : {}) },
      { headers: cacheHeaders(pinned, request) },
    );
  } catch (error) {
    return jsonError(error);
  }
}
