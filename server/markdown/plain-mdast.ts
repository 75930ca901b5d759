import type {
  BlockContent,
  Heading,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { attributeValue } from "../mdx/safe-subset";

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type Node = RootContent;

const ADMONITION_LABELS: Record<string, string> = {
  note: "Note",
  tip: "Tip",
  info: "Info",
  caution: "Caution",
  warning: "Warning",
  danger: "Danger",
};

/**
 * Rewrites a page's tree (snippets already in place) into plain Markdown nodes, so nothing of MDX is
 * left for the reader to decode: admonitions become labelled blockquotes, tabs labelled sections,
 * cards a list of links, steps their ordered list, badges their text, HTML its Markdown equivalent
 * (or its content). Code blocks are kept as written.
 */
export function toPlainMdast(tree: Root): Root {
  return { type: "root", children: flow(tree.children) };
}

function isElement(node: { type: string }): node is JsxElement {
  return node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement";
}

function isPhrasing(node: Node): node is PhrasingContent {
  return [
    "text",
    "emphasis",
    "strong",
    "delete",
    "inlineCode",
    "inlineMath",
    "break",
    "link",
    "linkReference",
    "image",
    "imageReference",
    "footnoteReference",
    "mdxJsxTextElement",
  ].includes(node.type);
}

function attribute(node: JsxElement, name: string): string | undefined {
  for (const a of node.attributes) {
    if (a.type !== "mdxJsxAttribute" || a.name !== name) continue;
    const value = attributeValue(a);
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  }
  return undefined;
}

/** Block content, with phrasing left over from unwrapped elements gathered into paragraphs. */
function flow(nodes: readonly Node[]): RootContent[] {
  const out: RootContent[] = [];
  let line: PhrasingContent[] = [];
  const flush = () => {
    if (hasContent(line)) out.push({ type: "paragraph", children: line });
    line = [];
  };
  for (const node of nodes.flatMap(block)) {
    if (isPhrasing(node)) line.push(node);
    else {
      flush();
      out.push(node);
    }
  }
  flush();
  return out;
}

/** Whether phrasing holds anything but white space. */
function hasContent(nodes: readonly Node[]): boolean {
  return nodes.some((n) => n.type !== "text" || n.value.trim() !== "");
}

function phrasing(nodes: readonly Node[]): PhrasingContent[] {
  return nodes.flatMap(inline);
}

/** One block node as plain blocks (an element may become several, or phrasing to be gathered). */
function block(node: Node): Node[] {
  if (node.type === "paragraph") {
    const lifted = soleElement(node);
    if (lifted)
      return block({
        ...lifted,
        type: "mdxJsxFlowElement",
        children: [{ type: "paragraph", children: lifted.children }],
      } as MdxJsxFlowElement);
    const children = phrasing(node.children);
    return hasContent(children) ? [{ ...node, children }] : [];
  }
  if (isElement(node)) return blockElement(node);
  if (node.type === "heading" || node.type === "tableCell") return [{ ...node, children: phrasing(node.children) } as Node];
  if ("children" in node) {
    if (node.type === "list" || node.type === "table" || node.type === "tableRow") {
      return [{ ...node, children: node.children.flatMap((child) => block(child as Node)) } as Node];
    }
    return [{ ...node, children: flow(node.children as Node[]) } as Node];
  }
  return [node];
}

/**
 * A paragraph holding nothing but one component, such as `<Cards><Card .../></Cards>` written on one
 * line: MDX reads it as inline, but it stands for a block.
 */
function soleElement(paragraph: Paragraph): MdxJsxTextElement | undefined {
  const meaningful = paragraph.children.filter((n) => hasContent([n]));
  const [only] = meaningful;
  const blockNames = ["Admonition", "Tabs", "TabItem", "Cards", "Steps", "details", "div", "table", "ul", "ol", "section"];
  return meaningful.length === 1 && only?.type === "mdxJsxTextElement" && blockNames.includes(only.name ?? "") ? only : undefined;
}

function blockElement(node: JsxElement): Node[] {
  const children = node.children as Node[];
  switch (node.name) {
    case "Admonition":
      return [admonition(node)];
    case "Tabs":
      return descendants(node, "TabItem").flatMap(tabSection);
    case "TabItem":
      return tabSection(node);
    case "Cards":
      return [cardList(descendants(node, "Card"))];
    case "Card":
      return [cardList([node])];
    case "details": {
      const [summary] = descendants(node, "summary");
      const rest = without(children, "summary");
      const label: Node[] = summary
        ? [{ type: "paragraph", children: [{ type: "strong", children: phrasing(summary.children as Node[]) }] }]
        : [];
      return [...label, ...flow(rest)];
    }
    case "table":
      return [table(node)];
    case "ul":
    case "ol":
      return [list(node)];
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return [{ type: "heading", depth: Number(node.name[1]) as Heading["depth"], children: phrasing(flattenParagraphs(children)) }];
    case "hr":
      return [{ type: "thematicBreak" }];
    case "p":
      return [{ type: "paragraph", children: phrasing(flattenParagraphs(children)) }];
  }
  const asInline = inlineElement(node);
  if (asInline) return asInline;
  // Steps, fragments, div, section and any other wrapper: their content is what the reader needs.
  return flow(children);
}

function inline(node: Node): PhrasingContent[] {
  if (isElement(node)) {
    const converted = inlineElement(node);
    if (converted) return converted;
    if (node.name === "Card") return cardPhrasing(node);
    return phrasing(flattenParagraphs(node.children as Node[]));
  }
  if ("children" in node && isPhrasing(node)) return [{ ...node, children: phrasing(node.children as Node[]) } as PhrasingContent];
  return isPhrasing(node) ? [node] : [];
}

/** HTML and components that stand for inline Markdown; undefined for the rest. */
function inlineElement(node: JsxElement): PhrasingContent[] | undefined {
  const content = () => phrasing(flattenParagraphs(node.children as Node[]));
  switch (node.name) {
    case "a": {
      const href = attribute(node, "href");
      return href ? [{ type: "link", url: href, children: content() }] : content();
    }
    case "img": {
      const src = attribute(node, "src");
      return src ? [{ type: "image", url: src, alt: attribute(node, "alt") ?? "", title: attribute(node, "title") ?? null }] : [];
    }
    case "br":
      return [{ type: "break" }];
    case "code":
    case "kbd":
      return [{ type: "inlineCode", value: textOf(node) }];
    case "strong":
    case "b":
      return [{ type: "strong", children: content() }];
    case "em":
    case "i":
      return [{ type: "emphasis", children: content() }];
    case "del":
    case "s":
      return [{ type: "delete", children: content() }];
    case "Badge":
    case "span":
    case "sup":
    case "sub":
    case "abbr":
    case "mark":
    case "small":
    case "u":
    case "summary":
      return content();
  }
  return undefined;
}

/** `> **Tip:** text`, or with a title `> **Tip: Title**` on a line of its own. */
function admonition(node: JsxElement): Node {
  const type = attribute(node, "type") ?? "note";
  const name = ADMONITION_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
  const title = attribute(node, "title");
  const body = flow(node.children as Node[]);
  const first = body[0];
  if (!title && first?.type === "paragraph") {
    first.children.unshift({ type: "strong", children: [{ type: "text", value: `${name}:` }] }, { type: "text", value: " " });
  } else {
    body.unshift({
      type: "paragraph",
      children: [{ type: "strong", children: [{ type: "text", value: title ? `${name}: ${title}` : `${name}:` }] }],
    });
  }
  return { type: "blockquote", children: body as BlockContent[] };
}

/** A tab: its label in bold on a line of its own, then its content. */
function tabSection(node: JsxElement): Node[] {
  const label = attribute(node, "label") ?? attribute(node, "value") ?? "Tab";
  return [
    { type: "paragraph", children: [{ type: "strong", children: [{ type: "text", value: label }] }] },
    ...flow(node.children as Node[]),
  ];
}

function cardList(cards: JsxElement[]): List {
  const items: ListItem[] = cards.map((card) => ({
    type: "listItem",
    spread: false,
    children: [{ type: "paragraph", children: cardPhrasing(card) }],
  }));
  return { type: "list", ordered: false, spread: false, children: items };
}

/** `[Title](href): description`. */
function cardPhrasing(card: JsxElement): PhrasingContent[] {
  const title = attribute(card, "title");
  const href = attribute(card, "href");
  const description = phrasing(joinParagraphs(card.children as Node[]));
  const label: PhrasingContent[] = title ? [{ type: "text", value: title }] : [];
  const head: PhrasingContent[] = href
    ? [{ type: "link", url: href, children: label.length ? label : [{ type: "text", value: href }] }]
    : label.length
      ? [{ type: "strong", children: label }]
      : [];
  if (!description.length) return head;
  return head.length ? [...head, { type: "text", value: ": " }, ...description] : description;
}

function table(node: JsxElement): Table {
  const rows: TableRow[] = descendants(node, "tr").map((tr) => ({
    type: "tableRow",
    children: (tr.children as Node[])
      .filter((cell): cell is JsxElement => isElement(cell) && (cell.name === "td" || cell.name === "th"))
      .map((cell): TableCell => ({ type: "tableCell", children: phrasing(joinParagraphs(cell.children as Node[])) })),
  }));
  return { type: "table", children: rows };
}

function list(node: JsxElement): List {
  const items: ListItem[] = descendants(node, "li").map((li) => ({
    type: "listItem",
    spread: false,
    children: flow(li.children as Node[]) as BlockContent[],
  }));
  return { type: "list", ordered: node.name === "ol", spread: false, children: items };
}

/** The outermost elements named `name` below `node`, in document order. */
function descendants(node: { children?: unknown[] }, name: string): JsxElement[] {
  const found: JsxElement[] = [];
  for (const child of (node.children ?? []) as Node[]) {
    if (isElement(child) && child.name === name) found.push(child);
    else if ("children" in child) found.push(...descendants(child as { children: unknown[] }, name));
  }
  return found;
}

/** `nodes` without the elements named `name` at any depth (and without paragraphs left empty). */
function without(nodes: Node[], name: string): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (isElement(node) && node.name === name) return [];
    if (!("children" in node)) return [node];
    const children = without(node.children as Node[], name);
    return node.type === "paragraph" && !hasContent(children) ? [] : [{ ...node, children } as Node];
  });
}

/** The phrasing of paragraphs, for an element that may hold either. */
function flattenParagraphs(nodes: Node[]): Node[] {
  return nodes.flatMap((n) => (n.type === "paragraph" ? n.children : [n]));
}

/** Paragraphs run together with a space, for a one-line description. */
function joinParagraphs(nodes: Node[]): Node[] {
  return nodes.flatMap((n, i) =>
    n.type !== "paragraph" ? [n] : i > 0 ? [{ type: "text", value: " " } as Node, ...n.children] : n.children,
  );
}

function textOf(node: { type: string; value?: unknown; children?: unknown[] }): string {
  if (typeof node.value === "string") return node.value;
  return ((node.children ?? []) as Array<typeof node>).map(textOf).join("");
}
