import type { IncomingMessage, ServerResponse } from "node:http";
import { publicOrigin } from "../app/lib/origin.server";
import { findRenderedPage } from "../app/lib/rendered-pages.server";
import { negotiateCoding } from "./accept-encoding";

/**
 * Answers a request for a page Remix has rendered before from memory, before express and Remix
 * run: the same headers and bytes, the same ETag and 304, compressed as compression() would
 * compress them but once per page rather than once per request. False when there is no such page.
 */
export function serveRenderedPage(req: IncomingMessage, res: ServerResponse, build: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  // Parsed as Remix parses it, from an origin-form target (refuseUnservable saw to that).
  const page = findRenderedPage(new URL(`http://localhost${req.url}`), publicOrigin(req.headers.host), build);
  if (!page) return false;
  if (req.headers["if-none-match"] === page.etag) {
    // As Remix answers a 304: its headers without Content-Type, which compression() then leaves alone.
    for (const [name, value] of page.headers) if (name !== "content-type") res.setHeader(name, value);
    res.writeHead(304).end();
    return true;
  }
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  const coding = req.method === "GET" ? negotiateCoding(req.headers["accept-encoding"]) : undefined;
  if (coding) res.setHeader("Content-Encoding", coding);
  const body = page.body(coding);
  res.setHeader("Content-Length", body.length);
  res.writeHead(200).end(body);
  return true;
}
