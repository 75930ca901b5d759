import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { commitParam } from "~/lib/http.server";
import { ContentError } from "../../server/index";

/**
 * Images and other files from the content repository's static/ folder, read at the same commit as
 * the page that links them (?commit= pins it, as for pages). The blob id is the ETag, so a
 * revalidation is answered from the commit's file map without reading the blob.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const pinned = commitParam(new URL(request.url)) ?? undefined;
    const snapshot = await content.snapshotAt(pinned ?? null);
    const file = content.staticFile(snapshot, params["*"] ?? "");
    const etag = `"${file.oid}"`;
    const headers = new Headers(cacheHeaders(pinned));
    headers.set("ETag", etag);
    headers.set("X-Content-Type-Options", "nosniff");
    // An SVG opened directly is a document; it may style itself but never run script.
    if (file.contentType.startsWith("image/svg")) headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    headers.set("Content-Type", file.contentType);
    return new Response(new Uint8Array(await content.readStatic(file)), { headers });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return new Response(`${error.message}\n`, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
