import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { jsonError } from "~/lib/http.server";

/** The docs version record (SPEC section 3), read from site/version.json at the live commit. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return Response.json(await content.version(), { headers: cacheHeaders(undefined, request) });
  } catch (error) {
    return jsonError(error);
  }
}
