/**
 * Writing HTML text safely: escaping, elements, and rewriting the URLs of HTML written this way.
 * Everything the page renderer writes goes through element() and escapeText().
 */

/** Attributes by their HTML name; `true` is an attribute without a value. */
export type Attributes = Map<string, string | true>;

/** Values that need no quotes (and no escaping): most classes, ids and numbers. Each pair of quotes saved is four bytes in JSON. */
const UNQUOTED = /^[\w.:-]+$/;
/** Always quoted, so that mapUrls finds them. */
const URL_NAMES = new Set(["href", "src"]);

/** An element as HTML; `content` undefined writes a void element. Attribute values are escaped, names come from the lists. */
export function element(tag: string, attributes: Attributes | Record<string, string | boolean | undefined>, content?: string): string {
  let open = `<${tag}`;
  const entries = attributes instanceof Map ? attributes.entries() : Object.entries(attributes);
  for (const [name, value] of entries) {
    if (value === undefined || value === false) continue;
    open +=
      value === true
        ? ` ${name}`
        : UNQUOTED.test(value) && !URL_NAMES.has(name)
          ? ` ${name}=${value}`
          : ` ${name}="${escapeAttribute(value)}"`;
  }
  return content === undefined ? `${open}>` : `${open}>${content}</${tag}>`;
}

export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** Escapes `<` and `>` too, so that in the HTML this module writes, every `<` and `>` delimits a tag. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&quot;"));
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"' })[name]!);
}

const LINKING_TAG = /<(?:a|img)\s[^>]*>/g;
const URL_ATTRIBUTE = /\s(href|src)="([^"]*)"/g;

/**
 * Rewrites the href of every link and the src of every image of HTML that renderHtml wrote (e.g.
 * to keep a pinned commit in internal links). Relies on its escaping: no `<` or `>` inside
 * attribute values or text, so every match is a tag.
 */
export function mapUrls(html: string, map: (url: string) => string): string {
  return html.replace(LINKING_TAG, (tag) =>
    tag.replace(URL_ATTRIBUTE, (whole, name: string, value: string) => {
      const url = unescapeAttribute(value);
      const mapped = map(url);
      return mapped === url ? whole : ` ${name}="${escapeAttribute(mapped)}"`;
    }),
  );
}
