import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSearchRequest } from "../../server/index";
import { content } from "~/content.server";
import { jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";

/** Full-text search at the live commit or at ?commit=; the search dialog and tools share it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const pinned = params.get("commit") ?? undefined;
  try {
    const query = parseSearchRequest(params);
    const snapshot = await content.snapshotAt(pinned ?? null);
    const results = await content.search.search(snapshot, query);
    return Response.json({ query: query.q, commit: snapshot.commit.oid, results }, { headers: cacheHeaders(pinned) });
  } catch (error) {
    return jsonError(error);
  }
}
