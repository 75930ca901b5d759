import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueEntry } from "../../server/index";
import { jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { contentRequest } from "~/lib/content-request.server";

/** SPEC section 3 doc metadata for every page, at the live commit or at ?commit=. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { snapshot, pinned, redirectToCanonical } = await contentRequest(request);
    redirectToCanonical();
    return Response.json([...snapshot.catalogue.pages.values()].map(catalogueEntry), { headers: cacheHeaders(pinned, request) });
  } catch (error) {
    return jsonError(error);
  }
}
