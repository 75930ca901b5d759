/**
 * What a page may contain, as data: the compiler checks authors' JSX against these lists and the
 * HTML renderer (render-html.ts) applies them again to every element it writes.
 */
import { MATHML_ELEMENTS } from "./mathml-elements";

/** Values of props and attributes: literals only. */
export type PropValue = string | number | boolean | null | PropValue[] | { [key: string]: PropValue };

/** The site's components and the props each takes; nothing else with a capital letter is allowed. */
export const COMPONENT_PROPS: Readonly<Record<string, readonly string[]>> = {
  Admonition: ["type", "title"],
  Tabs: ["groupId"],
  TabItem: ["value", "label", "default"],
  Cards: [],
  Card: ["title", "href"],
  Steps: [],
  Badge: ["tone"],
};

/**
 * Attributes any element an author writes may carry (besides aria-*). No class and no data-*: the
 * site's stylesheets and scripts key on its own (a copy button goes on a `data-copy` frame the
 * compiler wrote), pages have no styles or scripts of their own, so an author's could only pass
 * for the site's.
 */
const GLOBAL_ATTRIBUTES = ["id", "title", "lang", "dir", "role", "hidden"];

/** HTML elements authors may write, with the attributes each may carry beyond the global ones. */
export const HTML_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  // data-moved (the JSON-RPC index's links, server/openrpc) makes the page's script follow the link
  // when the URL's hash names it, on this origin only: no more than the link does when clicked.
  a: ["href", "target", "rel", "data-moved"],
  abbr: [],
  b: [],
  blockquote: ["cite"],
  br: [],
  caption: [],
  code: [],
  dd: [],
  del: [],
  details: ["open"],
  div: [],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  img: ["src", "alt", "width", "height", "loading"],
  input: ["type", "checked", "disabled"],
  kbd: [],
  li: ["value"],
  mark: [],
  ol: ["start", "reversed", "type"],
  p: [],
  pre: [],
  q: ["cite"],
  s: [],
  samp: [],
  section: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: [],
  tbody: [],
  td: ["align", "colSpan", "colspan", "rowSpan", "rowspan"],
  tfoot: [],
  th: ["align", "colSpan", "colspan", "rowSpan", "rowspan", "scope"],
  thead: [],
  time: ["dateTime", "datetime"],
  tr: [],
  u: [],
  ul: [],
  var: [],
  ...MATHML_ELEMENTS,
};

/** Attributes whose value is a URL, checked with isSafeUrl. */
export const URL_ATTRIBUTES = new Set(["href", "src", "cite"]);

/** Whether an author may write the attribute `name` on `tag` (its value is checked apart: URLs, ids). */
export function isAllowedAttribute(tag: string, name: string): boolean {
  if (/^on/i.test(name) || name === "dangerouslySetInnerHTML" || name === "style") return false;
  if (/^aria-[a-z0-9-]+$/.test(name)) return true;
  return GLOBAL_ATTRIBUTES.includes(name) || (HTML_ELEMENTS[tag]?.includes(name) ?? false);
}

/** Why an author may not write the attribute `name` (isAllowedAttribute said no). */
export function refusedAttributeReason(name: string): string {
  if (/^on/i.test(name)) return "event handlers are not allowed";
  if (name === "class" || name === "className") return "classes are the site's own (its styles and scripts key on them), pages use none";
  if (/^data-/.test(name)) return "data-* attributes are the site's own (its scripts key on them), pages use none";
  return "it is not an allowed attribute";
}

/**
 * Ids the site's own markup and scripts use on a page (app/components, app/hooks, GFM footnotes),
 * exactly or as a prefix: one in a page body would make the skip link, the sidebar, tabs or a
 * footnote lead to the page's element instead.
 */
const SITE_IDS = new Set(["main", "doc-sidebar"]);
const SITE_ID_PREFIXES = ["search-", "tabs-", "user-content-", "footnote-"];

/** Whether `id` is, or may one day be, an id of the site's own markup. */
export function isSiteId(id: string): boolean {
  const lower = id.toLowerCase();
  return SITE_IDS.has(lower) || SITE_ID_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** Ids an author may give an element: a plain name (letters, digits, - and _), not one of the site's. */
export function isAuthorId(id: string): boolean {
  return /^[a-z][a-z0-9_-]{0,99}$/i.test(id) && !isSiteId(id);
}

/**
 * http(s):, mailto:, relative and fragment URLs only. Browsers ignore ASCII whitespace and control
 * characters inside a scheme ("java\tscript:"), so those are removed before the scheme is read.
 */
export function isSafeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers ignore these inside a URL's scheme, so they are removed before it is checked
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === "http" || scheme === "https" || scheme === "mailto";
}

/**
 * Shiki colours tokens with two custom properties on each span; that is the only inline style a page
 * may carry, and only the compiler writes it (authors cannot write `style`).
 */
export function tokenStyle(style: string): Record<string, string> | undefined {
  const result: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    if (!declaration.trim()) continue;
    const match = /^\s*(--shiki-(?:light|dark)(?:-[a-z-]+)?)\s*:\s*(#[0-9a-fA-F]{3,8}|italic|bold|underline|normal|none)\s*$/.exec(
      declaration,
    );
    if (!match) return undefined;
    result[match[1]!] = match[2]!;
  }
  return result;
}
