import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueEntry } from "../../server/index";
import { jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { redirectToCanonical, requestedSnapshot } from "~/lib/canonical-url.server";

/** SPEC section 3 doc metadata for every page, at the live commit or at ?commit=. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const url = new URL(request.url);
    const { snapshot, pinned } = await requestedSnapshot(url);
    redirectToCanonical(url, ["commit"], pinned);
    return Response.json([...snapshot.catalogue.pages.values()].map(catalogueEntry), { headers: cacheHeaders(pinned) });
  } catch (error) {
    return jsonError(error);
  }
}
