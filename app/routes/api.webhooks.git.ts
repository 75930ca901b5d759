import type { ActionFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { boundedBodyReader, refuseUnread, type BodyLimits } from "~/lib/request-body.server";
import { errorJson } from "~/lib/http.server";
import { RELAYED_HEADER, signatureProblem } from "../../server/index";

/**
 * GitHub sends push payloads up to 25 MB but a push to a docs repository is a few KB. Only
 * deliveries with a well-formed signature are read, each address with turns of its own (2 read at
 * once, 256 waiting), so however many bodies one address trickles, another's delivery is read at
 * once. Memory is bounded by the bytes held (40 MB, what 8 full bodies took), not by the number of
 * senders.
 */
const WEBHOOK_BODY_LIMITS: BodyLimits = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 10_000,
  concurrentReads: 2,
  waitingReads: 256,
  perClient: true,
  bufferedBytes: 40 * 1024 * 1024,
};

const readBody = boundedBodyReader(WEBHOOK_BODY_LIMITS);

export function loader() {
  return errorJson(405, "Send a POST with a GitHub push event", { Allow: "POST" });
}

/**
 * GitHub push webhook: the body read within limits, then verified and acknowledged at once; the
 * repository is fetched in the background. A delivery id seen before is acknowledged without a fetch.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorJson(405, "Only POST is accepted", { Allow: "POST" });
  if (!content.config.webhookSecret) return refuseUnread(request, 404, "Webhooks are off: set WEBHOOK_SECRET to turn them on");
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return refuseUnread(
      request,
      415,
      `Set the webhook's content type to application/json (got ${type ? `"${type.slice(0, 60)}"` : "none"})`,
    );
  }
  const problem = signatureProblem(request.headers.get("X-Hub-Signature-256"));
  if (problem) return refuseUnread(request, 401, problem);
  const read = await readBody(request, context.clientAddress);
  if (!read.ok) {
    // A sender too slow is not waited for any longer: its connection closes after the answer, undrained.
    if (read.status === 408) return errorJson(408, read.message, { Connection: "close" });
    return refuseUnread(request, read.status, read.message, read.headers);
  }
  const answer = content.receiveWebhook({
    body: read.body,
    signature: request.headers.get("X-Hub-Signature-256"),
    event: request.headers.get("X-GitHub-Event"),
    delivery: request.headers.get("X-GitHub-Delivery"),
    relayed: request.headers.has(RELAYED_HEADER),
  });
  if (answer.status >= 300) return errorJson(answer.status, answer.message);
  return Response.json({ ok: true, message: answer.message }, { status: answer.status });
}
