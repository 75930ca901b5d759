import type { Element, ElementContent, Properties, Root, RootContent } from "hast";
import { find, html as htmlSchema } from "property-information";
import { renderComponent, renderSiteElement, SITE_ELEMENTS, type RenderContext } from "./html-components";
import { element, escapeText, type Attributes } from "./html-text";
import { tokenClass } from "./token-classes";
import { COMPONENT_PROPS, HTML_ELEMENTS, isAllowedAttribute, isSafeUrl, tokenStyle, URL_ATTRIBUTES, type PropValue } from "./safe-html";

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
const GENERATED = new Set(["tabindex", "type", "checked", "disabled"]);

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
  const attributes = allowedAttributes(tag, node.properties);
  // A span without attributes means nothing (Shiki writes one around every uncoloured token).
  if (tag === "span" && attributes.size === 0) return context.children(node.children, tag);
  if (/^h[1-6]$/.test(tag)) context.headingLevel = Number(tag[1]);
  if (SITE_ELEMENTS.has(tag)) return renderSiteElement(node, attributes, context);
  return element(tag, attributes, VOID.has(tag) ? undefined : context.children(node.children, tag));
}

/** An element's attributes, as HTML names them, that the lists allow; URLs only when safe. */
function allowedAttributes(tag: string, properties: Properties): Attributes {
  const attributes: Attributes = new Map();
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false) continue;
    const info = find(htmlSchema, key);
    const name = info.attribute.toLowerCase();
    const text = Array.isArray(value) ? value.join(info.commaSeparated ? ", " : " ") : value === true ? true : String(value);
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
    } else if (
      URL_ATTRIBUTES.has(name) ? typeof text === "string" && isSafeUrl(text) : isAllowedAttribute(tag, name) || GENERATED.has(name)
    ) {
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
