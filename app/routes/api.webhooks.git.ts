import type { ActionFunctionArgs } from "@remix-run/node";
import { readPushEvent } from "../../server/webhook";
import { content } from "~/content.server";

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export function loader() {
  return Response.json({ error: "Send a POST with a GitHub push event" }, { status: 405, headers: { Allow: "POST" } });
}

/** A refusal sent before the body is read: closing the connection is what stops the sender streaming the rest. */
function refuseUnread(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { Connection: "close" } });
}

/**
 * The body, or undefined once it passes `limit` bytes. Content-Length alone is not enough: a chunked
 * body has none, and reading it whole first would let one request fill the memory.
 */
async function readBody(request: Request, limit: number): Promise<Buffer | undefined> {
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) return undefined;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > limit) return undefined;
    chunks.push(value);
  }
}

/** GitHub push webhook: verified, acknowledged at once, then the repository is fetched. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Only POST is accepted" }, { status: 405, headers: { Allow: "POST" } });
  const secret = content.config.webhookSecret;
  if (!secret) return refuseUnread(404, "Webhooks are off: set WEBHOOK_SECRET to turn them on");
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return refuseUnread(415, `Set the webhook's content type to application/json (got ${type ? `"${type.slice(0, 60)}"` : "none"})`);
  }
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body) return refuseUnread(413, `The webhook body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
  const verdict = readPushEvent(secret, body, { signature: request.headers.get("X-Hub-Signature-256"), event: request.headers.get("X-GitHub-Event") });
  if (!verdict.ok) return Response.json({ error: verdict.message }, { status: verdict.status });
  if (verdict.event === "ping") return Response.json({ ok: true, message: "pong" }, { status: 200 });
  const branch = content.config.branch;
  if (verdict.ref && verdict.ref !== `refs/heads/${branch}`) {
    return Response.json({ ok: true, message: `Ignored: the site serves ${branch}, not ${verdict.ref}` }, { status: 202 });
  }
  void content.live.fetch();
  return Response.json({ ok: true, message: "Fetch scheduled" }, { status: 202 });
}
