import { createHmac, timingSafeEqual } from "node:crypto";

export type WebhookVerdict =
  | { ok: true; ref?: string }
  | { ok: false; status: 400 | 401; message: string };

/** Checks a GitHub `X-Hub-Signature-256` header against the raw body, in constant time. */
export function verifySignature(secret: string, body: Buffer, header: string | null): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Verifies and reads a push event; only the ref matters to us. */
export function readPushEvent(secret: string, body: Buffer, signature: string | null): WebhookVerdict {
  if (!verifySignature(secret, body, signature)) {
    return { ok: false, status: 401, message: "Missing or invalid X-Hub-Signature-256 signature" };
  }
  try {
    const event = JSON.parse(body.toString("utf8")) as { ref?: unknown };
    return { ok: true, ref: typeof event.ref === "string" ? event.ref : undefined };
  } catch {
    return { ok: false, status: 400, message: "The webhook body is not valid JSON" };
  }
}
