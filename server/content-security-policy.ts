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

/**
 * The CSP source expression of each inline script the app wrote into a document, in document order,
 * without repeats. `untrusted` is HTML the app inserted as it is (a page's compiled body): every
 * other byte of a document was written by React, which escapes text and attributes, so a
 * `<script` there is a script element the app wrote. The untrusted bytes are never read for
 * scripts, wherever they occur, so a script inside a page body is never listed and never runs.
 */
export function inlineScriptHashes(html: Buffer, untrusted?: string): string[] {
  const text = html.toString("latin1"); // one character per byte, so offsets are byte offsets
  const hashes = new Set<string>();
  for (const [from, to] of trustedRanges(html, untrusted)) {
    const part = text.slice(from, to);
    for (const match of part.matchAll(INLINE_SCRIPT)) {
      const start = from + match.index + match[0].length - "</script>".length - match[1]!.length;
      const bytes = html.subarray(start, start + match[1]!.length);
      hashes.add(`'sha256-${createHash("sha256").update(bytes).digest("base64")}'`);
    }
  }
  return [...hashes];
}

/** The byte ranges of `html` outside every occurrence of `untrusted`. */
function trustedRanges(html: Buffer, untrusted: string | undefined): Array<[number, number]> {
  if (!untrusted) return [[0, html.length]];
  const bytes = Buffer.from(untrusted);
  const ranges: Array<[number, number]> = [];
  let from = 0;
  for (let at = html.indexOf(bytes); at >= 0; at = html.indexOf(bytes, from)) {
    ranges.push([from, at]);
    from = at + bytes.length;
  }
  // Fail closed: if the body were ever changed on its way in, its scripts could not be told apart.
  if (!ranges.length) throw new Error("the page body is not in the rendered document, so its scripts could not be told from the app's");
  ranges.push([from, html.length]);
  return ranges;
}

/**
 * The policy of an HTML page: scripts from this origin (the app's bundles) and exactly the inline
 * scripts the app wrote into it, by hash, so nothing else runs: no script of the page body (`body`,
 * the HTML inserted as it is), no eval, no other origin. Hashes rather than nonces because pages are kept and replayed byte for byte, and a
 * nonce replayed is no nonce. Styles may be inline (highlighted code carries style attributes);
 * images may come from any https origin, as Markdown allows.
 */
export function documentPolicy(html: Buffer, body?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html, body).join(" ")}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    ...COMMON,
  ].join("; ");
}
