import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueEntry } from "../../server/index";
import { content } from "~/content.server";
import { commitParam, jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";

/** SPEC section 3 doc metadata for every page, at the live commit or at ?commit=. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const pinned = commitParam(new URL(request.url));
    const snapshot = await content.snapshotAt(pinned);
    return Response.json([...snapshot.catalogue.pages.values()].map(catalogueEntry), { headers: cacheHeaders(pinned ?? undefined) });
  } catch (error) {
    return jsonError(error);
  }
}
