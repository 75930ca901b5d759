import type { ServerResponse } from "node:http";
import { RESOURCE_POLICY } from "../server/content-security-policy";

/** Headers every response carries, whatever answers it. */
export function securityHeaders(siteUrl: string | undefined): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    // Browsers only heed HSTS over https, and only a site that is served over https should send it.
    ...(siteUrl?.startsWith("https:") ? [["Strict-Transport-Security", "max-age=31536000"] as [string, string]] : []),
  ];
}

/**
 * Sets the security headers on a response before anything else touches it. The
 * Content-Security-Policy is decided last, when the head is written: HTML documents bring their
 * own (entry.server lists their inline scripts' hashes), everything else gets RESOURCE_POLICY.
 * Deciding it then rather than now matters because Remix's adapter appends headers: a policy set
 * here and another from the document would both be enforced.
 */
export function applySecurityHeaders(res: ServerResponse, headers: ReadonlyArray<[string, string]>): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!this.hasHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", RESOURCE_POLICY);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * A whole response head as one flat list (name, value, name, value, …) for writeHead on a response
 * nothing has set headers on: what applySecurityHeaders and then setting each of `headers` would
 * make of it (a later name replaces an earlier one; RESOURCE_POLICY when `headers` bring no
 * policy), computed once for many responses instead of header by header for each.
 */
export function headBlock(security: ReadonlyArray<[string, string]>, headers: Iterable<[string, string]>): string[] {
  const byName = new Map<string, [string, string]>();
  for (const header of [...security, ...headers]) byName.set(header[0].toLowerCase(), header);
  if (!byName.has("content-security-policy")) byName.set("content-security-policy", ["Content-Security-Policy", RESOURCE_POLICY]);
  return [...byName.values()].flat();
}
