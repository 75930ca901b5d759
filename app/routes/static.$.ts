import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { contentRequest } from "~/lib/content-request.server";
import { textError } from "~/lib/http.server";

/**
 * Images and other files from the content repository's static/ folder, read at the same commit as
 * the page that links them (?commit= pins it, as for pages). The blob id is the ETag, so a
 * revalidation is answered from the commit's file map without reading the blob. Like everything
 * but pages, a file is sent with a policy under which nothing in it runs (http/security-headers):
 * an SVG opened directly is a document that may style itself, never script.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const { snapshot, pinned, redirectToCanonical } = await contentRequest(request);
    const file = content.staticFile(snapshot, params["*"] ?? "");
    redirectToCanonical();
    const etag = `"${file.oid}"`;
    const headers = new Headers(cacheHeaders(pinned, request));
    headers.set("ETag", etag);
    if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    headers.set("Content-Type", file.contentType);
    return new Response(new Uint8Array(await content.readStatic(file)), { headers });
  } catch (error) {
    return textError(error);
  }
}
