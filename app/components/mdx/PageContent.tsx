import { createElement, Fragment, type ComponentType, type ReactNode } from "react";
import {
  COMPONENT_PROPS,
  HTML_ELEMENTS,
  isAllowedAttribute,
  isSafeUrl,
  TOKEN_TAG,
  tokenSpanStyle,
  tokenStyle,
  URL_ATTRIBUTES,
  type PageNode,
  type PageProps,
} from "../../../server/mdx/safe-html";
import { mdxComponents } from ".";

// Props are checked against COMPONENT_PROPS before a component gets them.
const components = mdxComponents as unknown as Record<string, ComponentType<Record<string, unknown>>>;

/** Attributes the compiler itself writes on the elements it generates (Shiki, GFM task lists and footnotes). */
const GENERATED = new Set(["tabIndex", "style", "type", "checked", "disabled"]);

/**
 * Renders a compiled page from its tree: the same data on the server and in the browser, so the
 * page hydrates without running any code of its author. Only the site's components and allowed
 * HTML are ever created, with allowed attributes and safe URLs, whatever the tree says.
 */
export function PageContent({ tree }: { tree: PageNode[] }) {
  return createElement(Fragment, null, ...tree.map(render));
}

function render(node: PageNode): ReactNode {
  if (typeof node === "string") return node;
  const [tag, second, ...rest] = node;
  const hasProps = second !== undefined && typeof second === "object" && !Array.isArray(second);
  const props = hasProps ? (second as PageProps) : {};
  const children = (hasProps || second === undefined ? rest : [second, ...rest]) as PageNode[];
  const rendered = children.map(render);
  if (tag.startsWith(TOKEN_TAG)) {
    return createElement("span", { style: tokenSpanStyle(tag.slice(TOKEN_TAG.length)) }, ...rendered);
  }
  const allowed = COMPONENT_PROPS[tag];
  if (allowed) {
    const component = components[tag];
    const safe = Object.fromEntries(Object.entries(props).filter(([name, value]) => allowed.includes(name) && (!URL_ATTRIBUTES.has(name) || safeUrl(value))));
    return component ? createElement(component, safe, ...rendered) : createElement(Fragment, null, ...rendered);
  }
  // Anything else (a tree from an older or tampered cache) keeps its text and loses its element.
  if (!HTML_ELEMENTS[tag]) return createElement(Fragment, null, ...rendered);
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === "style") {
      const style = typeof value === "string" ? tokenStyle(value) : undefined;
      if (style) safe.style = style;
    } else if (URL_ATTRIBUTES.has(name) ? safeUrl(value) : isAllowedAttribute(tag, name) || GENERATED.has(name)) {
      safe[name] = value;
    }
  }
  if (tag === "input") safe.readOnly = true;
  return createElement(components[tag] ?? tag, safe, ...rendered);
}

function safeUrl(value: unknown): boolean {
  return typeof value === "string" && isSafeUrl(value);
}
