import type { Element, ElementContent } from "hast";
import { toString } from "hast-util-to-string";
import { element, escapeText, type Attributes } from "./html-text";
import { tokenStyle, type PropValue } from "./safe-html";
import { isBlockStyle } from "./token-classes";

/**
 * The markup of the site's components (Admonition, Tabs, Cards, ...) and of the plain elements the
 * site frames (code blocks, tables, links, images, section headings), as the page renderer writes
 * them. The browser's enhancement (app/hooks/useBodyEnhancements.ts) wires what is interactive:
 * it relies on the classes and data attributes written here, which authors cannot write (safe-html.ts).
 */

export interface RenderContext {
  /** Level of the last heading written (the page title is 1), so tab labels sit one below it. */
  headingLevel: number;
  children(nodes: readonly ElementContent[], parentTag: string): string;
}

type Props = Record<string, PropValue>;

const text = (value: PropValue | undefined): string | undefined => (value === undefined || value === null ? undefined : String(value));

const ADMONITIONS = {
  note: { label: "Note", icon: "ℹ" },
  tip: { label: "Tip", icon: "✦" },
  info: { label: "Info", icon: "ℹ" },
  caution: { label: "Caution", icon: "⚠" },
  danger: { label: "Danger", icon: "⛔" },
} as const;

/** A site component's markup; its props were checked against COMPONENT_PROPS. */
export function renderComponent(node: Element, props: Props, context: RenderContext): string {
  const children = () => context.children(node.children, node.tagName);
  switch (node.tagName) {
    case "Admonition": {
      const type = text(props.type) ?? "note";
      const kind = type in ADMONITIONS ? (type as keyof typeof ADMONITIONS) : "note";
      const title = text(props.title) ?? ADMONITIONS[kind].label;
      return element(
        "aside",
        { class: `admonition admonition-${kind}`, "aria-label": title },
        element(
          "p",
          { class: "admonition-title" },
          `${element("span", { "aria-hidden": "true" }, ADMONITIONS[kind].icon)} ${escapeText(title)}`,
        ) + element("div", { class: "admonition-body" }, children()),
      );
    }
    case "Tabs":
      return renderTabs(node, props, context);
    case "Cards":
      return element("div", { class: "cards" }, children());
    case "Card": {
      // Spans, not divs: a card often sits in a paragraph, which a div would end.
      const body =
        element("span", { class: "card-title" }, escapeText(text(props.title) ?? "")) +
        (node.children.length ? element("span", { class: "card-body" }, children()) : "");
      const href = text(props.href);
      return href === undefined ? element("div", { class: "card" }, body) : element("a", { class: "card", ...linkTarget(href) }, body);
    }
    case "Steps":
      return element("div", { class: "steps" }, children());
    case "Badge": {
      const tone = text(props.tone) ?? "neutral";
      return element("span", { class: `badge badge-${/^[a-z0-9-]+$/i.test(tone) ? tone : "neutral"}` }, children());
    }
    // A TabItem outside Tabs only groups its content.
    default:
      return children();
  }
}

/**
 * Every panel is written visible, after its label as a heading, so the content reads in full
 * without JavaScript; the enhancement builds the tab list from the labels, then hides them and the
 * panels not chosen. Tabs with the same data-group-id switch together; data-default marks the
 * panel shown first.
 */
function renderTabs(node: Element, props: Props, context: RenderContext): string {
  const items = node.children.filter(
    (child): child is Element => child.type === "element" && child.tagName === "TabItem" && typeof child.properties.value === "string",
  );
  const chosen = Math.max(
    0,
    items.findIndex((item) => item.properties.default === true),
  );
  const level = String(Math.min(6, context.headingLevel + 1));
  const panels = items.map((item, index) => {
    const value = item.properties.value as string;
    const label = element(
      "div",
      { class: "tabs-label", role: "heading", "aria-level": level },
      escapeText(text(item.properties.label as PropValue) ?? value),
    );
    return element(
      "div",
      { class: "tabs-panel", "data-value": value, "data-default": index === chosen || undefined },
      label + context.children(item.children, "TabItem"),
    );
  });
  return element("div", { class: "tabs", "data-group-id": text(props.groupId) }, panels.join(""));
}

/** Plain elements the site frames or adapts; their attributes were checked against HTML_ELEMENTS. */
export const SITE_ELEMENTS = new Set(["a", "img", "pre", "table", "h2", "h3"]);

export function renderSiteElement(node: Element, attributes: Attributes, context: RenderContext): string {
  const children = () => context.children(node.children, node.tagName);
  switch (node.tagName) {
    case "a": {
      // The author's own target and rel win over the defaults for external links.
      const href = attributes.get("href");
      return element("a", { ...linkTarget(typeof href === "string" ? href : ""), ...Object.fromEntries(attributes) }, children());
    }
    case "img":
      return element("img", {
        ...Object.fromEntries(attributes),
        alt: attributes.get("alt") ?? "",
        loading: attributes.get("loading") ?? "lazy",
        decoding: "async",
      });
    case "pre":
      return renderCodeBlock(node, attributes, context);
    case "table":
      return element("div", { class: "table-scroll" }, element("table", attributes, children()));
    default:
      return renderHeading(node, attributes, children());
  }
}

/** Links leave the site in a new tab; internal ones stay (the enhancement navigates them client-side). */
function linkTarget(href: string): Record<string, string> {
  return /^https?:\/\//i.test(href) ? { href, target: "_blank", rel: "noreferrer" } : { href };
}

/**
 * Highlighted code, framed with its title and language. The frame carries the code as Shiki was
 * given it (`data-copy`, an attribute authors cannot write): the enhancement adds a copy button to
 * such frames only, and copies that text, never what the page happens to display.
 */
function renderCodeBlock(node: Element, attributes: Attributes, context: RenderContext): string {
  const title = attributes.get("data-title");
  const language = attributes.get("data-language");
  const source = attributes.get("data-source");
  attributes.delete("data-source");
  attributes.set("tabindex", "0");
  // Shiki's classes and block colours are the same on every block: the stylesheet holds them (token-classes.ts).
  if (
    String(attributes.get("class") ?? "")
      .split(" ")
      .includes("shiki")
  ) {
    attributes.set("class", "shiki");
    const style = attributes.get("style");
    if (typeof style === "string" && isBlockStyle(tokenStyle(style) ?? {})) attributes.delete("style");
  }
  let code = context.children(node.children, "pre");
  // The HTML parser drops one newline right after <pre>; a leading newline of the code must survive it.
  if (code.startsWith("\n")) code = `\n${code}`;
  const caption = typeof title === "string" ? element("figcaption", { class: "code-title" }, escapeText(title)) : "";
  const languageLabel =
    typeof language === "string" && language !== "text"
      ? element("span", { class: "code-language", "aria-hidden": "true" }, escapeText(language === "shellscript" ? "shell" : language))
      : "";
  return element(
    "figure",
    { class: "code-block" },
    caption +
      element(
        "div",
        { class: "code-frame", "data-copy": typeof source === "string" ? source : undefined },
        element("pre", attributes, code) + languageLabel,
      ),
  );
}

/** Section headings with an id link to themselves; the link shows on hover and on keyboard focus. */
function renderHeading(node: Element, attributes: Attributes, content: string): string {
  const id = attributes.get("id");
  const hidden = String(attributes.get("class") ?? "")
    .split(" ")
    .includes("sr-only");
  if (typeof id !== "string" || hidden) return element(node.tagName, attributes, content);
  const anchor = element("a", { class: "heading-anchor", href: `#${id}`, "aria-label": `Direct link to ${toString(node).trim()}` }, "");
  return element(node.tagName, attributes, content + anchor);
}
