import { createHmac, timingSafeEqual } from "node:crypto";

export type WebhookVerdict =
  | { ok: true; event: "ping" }
  | { ok: true; event: "push"; ref?: string }
  | { ok: false; status: 400 | 401; message: string };

const SIGNATURE = /^sha256=[0-9a-f]{64}$/i;

/** Checks a GitHub `X-Hub-Signature-256` header against the raw body, in constant time. */
export function verifySignature(secret: string, body: Buffer, header: string | null): boolean {
  if (!header || !SIGNATURE.test(header)) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Verifies and reads a GitHub webhook delivery. Each refusal says what the sender must change: these
 * messages end up in the "Recent deliveries" view of the repository's webhook settings.
 */
export function readPushEvent(secret: string, body: Buffer, headers: { signature: string | null; event: string | null }): WebhookVerdict {
  const { signature, event } = headers;
  if (!signature) return { ok: false, status: 401, message: "Missing X-Hub-Signature-256 header: give the webhook the same secret as WEBHOOK_SECRET" };
  if (!SIGNATURE.test(signature)) return { ok: false, status: 401, message: "X-Hub-Signature-256 must be sha256= followed by 64 hexadecimal digits" };
  if (!verifySignature(secret, body, signature)) {
    return { ok: false, status: 401, message: "X-Hub-Signature-256 does not match the body: the webhook secret differs from WEBHOOK_SECRET" };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, status: 400, message: "The webhook body is not valid JSON" };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return { ok: false, status: 400, message: "The webhook body is not a JSON object, so it is not a GitHub event" };
  }
  if (!event) return { ok: false, status: 400, message: "Missing X-GitHub-Event header: send GitHub push events" };
  if (event === "ping") return { ok: true, event: "ping" };
  if (event !== "push") {
    return { ok: false, status: 400, message: `Event "${event.slice(0, 40)}" is not handled: subscribe the webhook to push events only` };
  }
  const { ref } = payload as { ref?: unknown };
  return { ok: true, event: "push", ref: typeof ref === "string" ? ref : undefined };
}
