import type { Element, ElementContent, Properties, Root, RootContent } from "hast";
import { find, html as htmlSchema } from "property-information";
import { renderComponent, renderSiteElement, SITE_ELEMENTS, type RenderContext } from "./html-components";
import { element, escapeText, type Attributes } from "./html-text";
import { tokenClass } from "./token-classes";
import {
  COMPONENT_PROPS,
  HTML_ELEMENTS,
  isAllowedAttribute,
  isAuthorId,
  isSafeUrl,
  tokenStyle,
  URL_ATTRIBUTES,
  type PropValue,
} from "./safe-html";

declare module "hast" {
  interface ElementData {
    /** The element was written by the page's author (as JSX), not made by the compiler. */
    authored?: boolean;
  }
}

/**
 * Renders the compiled hast of a page to the HTML of its body, once, in the worker: the request
 * thread and the browser insert this string as it is and never render the body themselves. Only
 * allowed elements with allowed attributes and safe URLs are written, and the site's components
 * become their markup here, whatever the tree holds (it came from an author's file).
 */
export function renderHtml(root: Root): string {
  const context: RenderContext = { headingLevel: 1, children: (nodes, parent) => renderNodes(nodes, parent, context) };
  return renderNodes(root.children, "", context);
}

/** Elements with no content and no end tag. */
const VOID = new Set(["br", "hr", "img", "input"]);

/** Elements whose whitespace-only text children mean nothing, so they are left out. */
const BLOCK_CONTAINERS = new Set(["", "table", "thead", "tbody", "tfoot", "tr", "ul", "ol", "blockquote", "Tabs", "Cards", "Steps"]);

/** Attributes the compiler itself writes on what it generates (Shiki, GFM task lists), besides authors' allowed ones. */
const GENERATED = new Set(["tabindex", "type", "checked", "disabled", "class"]);

/** Whether the compiler may write `name` on an element it made: the authors' attributes, and its own classes and data-*. */
const isGeneratedAttribute = (tag: string, name: string) =>
  isAllowedAttribute(tag, name) || GENERATED.has(name) || /^data-[a-z0-9-]+$/.test(name);

function renderNodes(nodes: readonly (RootContent | ElementContent | Root)[], parentTag: string, context: RenderContext): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "root")
      out += renderNodes(node.children, parentTag, context); // Shiki puts each highlighted block in place as a fragment
    else if (node.type === "text") {
      if (!BLOCK_CONTAINERS.has(parentTag) || node.value.trim()) out += escapeText(node.value);
    } else if (node.type === "element") out += renderElement(node, context);
    // Comments, doctypes and raw nodes are never written: a page cannot carry markup past this renderer.
  }
  return out;
}

function renderElement(node: Element, context: RenderContext): string {
  const tag = node.tagName;
  if (COMPONENT_PROPS[tag]) return renderComponent(node, componentProps(tag, node.properties), context);
  // Anything else (not on the lists) keeps its text and loses its element.
  if (!HTML_ELEMENTS[tag]) return context.children(node.children, tag);
  const authored = node.data?.authored === true;
  const attributes = allowedAttributes(tag, node.properties, authored);
  // An author's <pre> without code was not highlighted: it is not a code block, and gets no frame and no copy button.
  if (authored && tag === "pre") return element(tag, attributes, context.children(node.children, tag));
  // A span without attributes means nothing (Shiki writes one around every uncoloured token).
  if (tag === "span" && attributes.size === 0) return context.children(node.children, tag);
  if (/^h[1-6]$/.test(tag)) context.headingLevel = Number(tag[1]);
  if (SITE_ELEMENTS.has(tag)) return renderSiteElement(node, attributes, context);
  return element(tag, attributes, VOID.has(tag) ? undefined : context.children(node.children, tag));
}

/**
 * An element's attributes, as HTML names them, that the lists allow; URLs only when safe. An
 * author's element keeps only what an author may write (no classes, no data-*, ids of their own).
 */
function allowedAttributes(tag: string, properties: Properties, authored: boolean): Attributes {
  const attributes: Attributes = new Map();
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false) continue;
    const info = find(htmlSchema, key);
    const name = info.attribute.toLowerCase();
    const text = Array.isArray(value) ? value.join(info.commaSeparated ? ", " : " ") : value === true ? true : String(value);
    if (authored && !(URL_ATTRIBUTES.has(name) || isAllowedAttribute(tag, name))) continue;
    if (name === "id" && authored && !(typeof text === "string" && isAuthorId(text))) continue;
    if (name === "style") {
      const style = typeof text === "string" ? tokenStyle(text) : undefined;
      const token = style && !properties.className ? tokenClass(style) : undefined;
      if (token) attributes.set("class", token);
      else if (style)
        attributes.set(
          "style",
          Object.entries(style)
            .map(([property, v]) => `${property}:${v}`)
            .join(";")
            .toLowerCase(),
        );
    } else if (URL_ATTRIBUTES.has(name) ? typeof text === "string" && isSafeUrl(text) : isGeneratedAttribute(tag, name)) {
      attributes.set(name, text);
    }
  }
  return attributes;
}

/** A component's props that its list allows, URLs only when safe. */
function componentProps(tag: string, properties: Properties): Record<string, PropValue> {
  const allowed = COMPONENT_PROPS[tag]!;
  const props: Record<string, PropValue> = {};
  for (const [name, value] of Object.entries(properties as Record<string, PropValue>)) {
    if (allowed.includes(name) && (!URL_ATTRIBUTES.has(name) || (typeof value === "string" && isSafeUrl(value)))) props[name] = value;
  }
  return props;
}
