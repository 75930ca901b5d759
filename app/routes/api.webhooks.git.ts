import type { ActionFunctionArgs } from "@remix-run/node";
import { readPushEvent } from "../../server/webhook";
import { content } from "~/content.server";

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export function loader() {
  return Response.json({ error: "Send a POST with a GitHub push event" }, { status: 405, headers: { Allow: "POST" } });
}

/** GitHub push webhook: verified, acknowledged at once, then the repository is fetched. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Only POST is accepted" }, { status: 405, headers: { Allow: "POST" } });
  const secret = content.config.webhookSecret;
  if (!secret) return Response.json({ error: "Webhooks are off: set WEBHOOK_SECRET to turn them on" }, { status: 404 });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return Response.json({ error: "The webhook body is too large" }, { status: 413 });
  }
  const body = Buffer.from(await request.arrayBuffer());
  const verdict = readPushEvent(secret, body, request.headers.get("X-Hub-Signature-256"));
  if (!verdict.ok) return Response.json({ error: verdict.message }, { status: verdict.status });
  const branch = content.config.branch;
  if (request.headers.get("X-GitHub-Event") === "ping") return Response.json({ ok: true, message: "pong" }, { status: 200 });
  if (verdict.ref && verdict.ref !== `refs/heads/${branch}`) {
    return Response.json({ ok: true, message: `Ignored: the site serves ${branch}, not ${verdict.ref}` }, { status: 202 });
  }
  void content.live.fetch();
  return Response.json({ ok: true, message: "Fetch scheduled" }, { status: 202 });
}
