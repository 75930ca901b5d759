import type { ActionFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { publicOrigin } from "~/lib/origin.server";
import { boundedBodyReader, refuseUnread, type BodyLimits } from "~/lib/request-body.server";
import { errorJson } from "~/lib/http.server";

/** A tool call is a few hundred bytes of JSON-RPC; a batch of them stays far under this. */
const MCP_BODY_LIMITS: BodyLimits = { maxBytes: 64 * 1024, timeoutMs: 10_000, concurrentReads: 16, waitingReads: 256 };
const readBody = boundedBodyReader(MCP_BODY_LIMITS);

const STATELESS =
  "This MCP endpoint is stateless: POST JSON-RPC messages to /mcp (Streamable HTTP); there is no stream to GET or session to DELETE.";

export function loader() {
  return errorJson(405, STATELESS, { Allow: "POST" });
}

/** The Model Context Protocol endpoint for AI assistants: search_docs, read_page and list_pages over the live docs. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return refuseUnread(request, 405, STATELESS, { Allow: "POST" });
  const read = await readBody(request);
  if (!read.ok) {
    if (read.status === 408) return errorJson(408, read.message, { Connection: "close" });
    return refuseUnread(request, read.status, read.message, read.headers);
  }
  // The transport reads the body itself: hand it a request whose body is the bytes read within limits.
  const bounded = new Request(request.url, { method: "POST", headers: request.headers, body: new Uint8Array(read.body) });
  return content.mcp(bounded, { origin: publicOrigin(request.headers.get("Host")), client: context.clientAddress });
}
