import { createHash } from "node:crypto";

/**
 * Directives every policy shares. Nothing may frame the site, change its base URL, embed plugins
 * or post forms elsewhere.
 */
const COMMON = ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"];

/**
 * The policy of everything that is not an HTML page (JSON, Markdown, static files, assets, plain
 * errors): nothing in it may run or load anything. An SVG opened directly may still style itself.
 */
export const RESOURCE_POLICY = ["default-src 'none'", "script-src 'none'", "style-src 'unsafe-inline'", ...COMMON, "sandbox"].join("; ");

/**
 * Inline <script> elements without a src, as the browser sees them: the text between the opening
 * and the closing tag. React writes them in lower case and escapes "</" inside them.
 */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP source expression of each inline script of a document, in document order, without repeats. */
export function inlineScriptHashes(html: Buffer): string[] {
  const text = html.toString("latin1"); // one character per byte, so offsets are byte offsets
  const hashes = new Set<string>();
  for (const match of text.matchAll(INLINE_SCRIPT)) {
    const start = match.index + match[0].length - "</script>".length - match[1]!.length;
    const bytes = html.subarray(start, start + match[1]!.length);
    hashes.add(`'sha256-${createHash("sha256").update(bytes).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy of an HTML page: scripts from this origin (the app's bundles) and exactly the inline
 * scripts the page holds, by hash, so nothing else runs: no injected inline script, no eval, no
 * other origin. Hashes rather than nonces because pages are kept and replayed byte for byte, and a
 * nonce replayed is no nonce. Styles may be inline (highlighted code carries style attributes);
 * images may come from any https origin, as Markdown allows.
 */
export function documentPolicy(html: Buffer): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(" ")}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    ...COMMON,
  ].join("; ");
}
