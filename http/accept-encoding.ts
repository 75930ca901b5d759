import type { Coding } from "../server/index";

/** In the order compression() prefers them when the client weighs them equally. */
const PREFERENCE = ["br", "gzip", "deflate", "identity"] as const;

/**
 * The content coding to send, negotiated as compression() (through negotiator) does: the coding
 * the client weighs highest (RFC 9110 §12.5.3; `*` stands for codings it does not name, and an
 * unnamed identity weighs as little as the least wanted coding named), ties going to brotli, then
 * gzip. Undefined means identity.
 */
export function negotiateCoding(acceptEncoding: string | undefined): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const unnamedIdentity = Math.min(1, ...[...weights.values()].filter((q) => q > 0));
  const weight = (coding: string) =>
    coding === "identity" ? (weights.get(coding) ?? unnamedIdentity) : (weights.get(coding) ?? weights.get("*") ?? 0);
  let best: (typeof PREFERENCE)[number] | undefined;
  for (const coding of PREFERENCE) if (weight(coding) > 0 && (!best || weight(coding) > weight(best))) best = coding;
  return best === "identity" ? undefined : best;
}

/** Distinct Accept-Encoding values remembered; past that many the memory starts over. */
const REMEMBERED_VALUES = 64;
const remembered = new Map<string, Coding | undefined>();

/** negotiateCoding, remembered per header value: browsers send a handful of distinct values. */
export function codingFor(acceptEncoding: string | undefined): Coding | undefined {
  if (acceptEncoding === undefined) return undefined;
  if (remembered.has(acceptEncoding)) return remembered.get(acceptEncoding);
  if (remembered.size >= REMEMBERED_VALUES) remembered.clear();
  const coding = negotiateCoding(acceptEncoding);
  remembered.set(acceptEncoding, coding);
  return coding;
}
