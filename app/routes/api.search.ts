import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSearchRequest } from "../../server/index";
import { content } from "~/content.server";
import { commitParam, jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";

/** Full-text search at the live commit or at ?commit=; the search dialog and tools share it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  try {
    const pinned = commitParam(url) ?? undefined;
    const query = parseSearchRequest(url.searchParams);
    const snapshot = await content.snapshotAt(pinned ?? null);
    const results = await content.search.search(snapshot, query);
    return Response.json({ query: query.q, commit: snapshot.commit.oid, results }, { headers: cacheHeaders(pinned) });
  } catch (error) {
    return jsonError(error);
  }
}
