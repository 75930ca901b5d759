import type { ActionFunctionArgs } from "@remix-run/node";
import { readPushEvent } from "../../server/webhook";
import { content } from "~/content.server";

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const DRAIN_LIMIT_BYTES = 4 * MAX_BODY_BYTES;

export function loader() {
  return Response.json({ error: "Send a POST with a GitHub push event" }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * A refusal sent before the body is read. The rest of the body is read and dropped in the
 * background: closing a socket with unread data resets it, and the reset can overtake the response,
 * so the sender would never see why. Bounded, like nginx's lingering close: past
 * DRAIN_LIMIT_BYTES the connection is dropped.
 */
function refuseUnread(request: Request, status: number, error: string): Response {
  const reader = request.body?.getReader();
  if (reader) {
    let size = 0;
    const drain = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        size += value.byteLength;
        if (size > DRAIN_LIMIT_BYTES) return reader.cancel();
      }
    };
    void drain().catch(() => {});
  }
  return Response.json({ error }, { status });
}

/**
 * The body, or undefined once it passes `limit` bytes, with the reader left for refuseUnread.
 * Content-Length alone is not enough: a chunked body has none, and reading it whole first would
 * let one request fill the memory.
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
    if (size > limit) {
      reader.releaseLock();
      return undefined;
    }
    chunks.push(value);
  }
}

/** GitHub push webhook: verified, acknowledged at once, then the repository is fetched. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Only POST is accepted" }, { status: 405, headers: { Allow: "POST" } });
  const secret = content.config.webhookSecret;
  if (!secret) return refuseUnread(request, 404, "Webhooks are off: set WEBHOOK_SECRET to turn them on");
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return refuseUnread(request, 415, `Set the webhook's content type to application/json (got ${type ? `"${type.slice(0, 60)}"` : "none"})`);
  }
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body) return refuseUnread(request, 413, `The webhook body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
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
