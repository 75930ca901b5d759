/**
 * What a page may contain, as data: the compiler checks authors' JSX against these lists and the
 * renderer (app/components/mdx/PageContent.tsx) applies them again to every node it creates. Pure,
 * so the browser bundle can import it.
 */
import { MATHML_ELEMENTS } from "./mathml-elements";

/**
 * A compiled page: text, or [tag, props?, ...children] where props, when present, is the one plain
 * object in second place. Tags are HTML elements, site components, or TOKEN_TAG + colours for a
 * highlighted code token (the bulk of a code-heavy page, so it is written in a few bytes).
 */
export type PageNode = string | PageElement;
export interface PageElement extends Array<string | PageProps | PageNode> {
  0: string;
}
/** Props as React names them; values are literals only (no functions can survive JSON). */
export type PageProps = Record<string, PropValue>;
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

/** Attributes any allowed element may carry (besides aria-* and data-*), as written in JSX or HTML. */
const GLOBAL_ATTRIBUTES = ["id", "class", "className", "title", "lang", "dir", "role", "hidden"];

/** HTML elements authors may write, with the attributes each may carry beyond the global ones. */
export const HTML_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "target", "rel"],
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

/** `["~cf222e:ff7b72", "module"]` is a Shiki token span coloured #cf222e in light and #ff7b72 in dark mode. */
export const TOKEN_TAG = "~";

/** The style of a token span in the compact form (the inverse of tokenStyle). */
export function tokenColours(style: string): string | undefined {
  const match = /^--shiki-light:#([0-9a-fA-F]{3,8});--shiki-dark:#([0-9a-fA-F]{3,8})$/.exec(style);
  return match ? `${match[1]}:${match[2]}`.toLowerCase() : undefined;
}

export function tokenSpanStyle(colours: string): Record<string, string> | undefined {
  const match = /^([0-9a-f]{3,8}):([0-9a-f]{3,8})$/.exec(colours);
  return match ? { "--shiki-light": `#${match[1]}`, "--shiki-dark": `#${match[2]}` } : undefined;
}

/** Attributes whose value is a URL, checked with isSafeUrl. */
export const URL_ATTRIBUTES = new Set(["href", "src", "cite"]);

/** Elements whose whitespace-only text children carry no meaning (and that React refuses in tables). */
export const BLOCK_CONTAINERS = new Set(["table", "thead", "tbody", "tfoot", "tr", "ul", "ol", "blockquote", "Tabs", "Cards", "Steps"]);

export function isAllowedAttribute(tag: string, name: string): boolean {
  if (/^on/i.test(name) || name === "dangerouslySetInnerHTML" || name === "style") return false;
  if (/^(aria|data)-[a-z0-9-]+$/.test(name)) return true;
  return GLOBAL_ATTRIBUTES.includes(name) || (HTML_ELEMENTS[tag]?.includes(name) ?? false);
}

/**
 * http(s):, mailto:, relative and fragment URLs only. Browsers ignore ASCII whitespace and control
 * characters inside a scheme ("java\tscript:"), so those are removed before the scheme is read.
 */
export function isSafeUrl(url: string): boolean {
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
    const match = /^\s*(--shiki-(?:light|dark)(?:-[a-z-]+)?)\s*:\s*(#[0-9a-fA-F]{3,8}|italic|bold|underline|normal|none)\s*$/.exec(declaration);
    if (!match) return undefined;
    result[match[1]!] = match[2]!;
  }
  return result;
}
