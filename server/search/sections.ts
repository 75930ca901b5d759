import GithubSlugger from "github-slugger";

/** One searchable unit: the text of a page between two h2/h3 headings (or before the first). */
export interface Section {
  /** `<pageId>#<anchor>`, or the page id for the text before the first heading. */
  key: string;
  pageId: string;
  pageTitle: string;
  /** The page's frontmatter description, in its introduction only (empty elsewhere): what the page teaches, in the author's words. */
  description: string;
  /** The h2/h3 heading this text sits under; empty for the page's introduction. */
  heading: string;
  /** The id rehype-slug gives that heading, so a result links straight to it. */
  anchor: string;
  text: string;
  /** The section is of a generated reference page (GraphQL types, JSON-RPC methods), which ranks below guides unless named. */
  reference?: boolean;
}

const FENCE = /^(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: " " };

/** Inline Markdown outside code spans reduced to its words: links to labels, images to alt text, marks and escapes undone. */
function inlineWords(markdown: string): string {
  return markdown
    .replace(/!\[((?:\\.|[^\]\\])*)\]\([^)]*\)/g, "$1") // images: the alt text
    .replace(/\[((?:\\.|[^\]\\])*)\]\([^)]*\)/g, "$1") // links: the label
    .replace(/<((?:https?|mailto):[^>\s]*)>/g, "$1") // autolinks
    .replace(/(?<!\\)<\/?[A-Za-z][^>]*>/g, "") // raw HTML tags, which render as nothing
    .replace(/(?<!\\)\*+/g, "") // strong and emphasis
    .replace(/(?<![\p{L}\p{N}\\])_+|(?<!\\)_+(?![\p{L}\p{N}])/gu, "") // emphasis with _, not the _ inside identifiers
    .replace(/\\$/gm, "") // hard line breaks
    .replace(/\\([!-/:-@[-`{-~])/g, "$1") // backslash escapes
    .replace(/&(lt|gt|amp|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)));
}

/**
 * The text a line of clean Markdown renders to, as textContent would give it: code spans keep
 * their text verbatim (readers look up function names), the rest goes through inlineWords. Code
 * spans are set aside first, so a link whose label holds code is still one link.
 */
export function renderedText(line: string): string {
  const codes: string[] = [];
  const outside = line.replace(CODE_SPAN, (_, _ticks: string, code: string) => {
    // A code span drops one space on each side when it has both (CommonMark).
    codes.push(/^ .* $/s.test(code) && code.trim() ? code.slice(1, -1) : code);
    return `\uE000${codes.length - 1}\uE001`;
  });
  return inlineWords(outside).replace(/\uE000(\d+)\uE001/g, (_, i: string) => codes[Number(i)]!);
}

/** A body line's words: blockquote, list and table markup go first. */
function lineText(line: string): string {
  return renderedText(
    line
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, "") // list markers and task boxes
      .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/, "") // table delimiter rows
      .replace(/(?<!\\)\|/g, " "), // table cells
  );
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Splits a page's clean Markdown (server/markdown: snippets inlined, no MDX left, printed by
 * remark-stringify: ATX headings, fenced code) into sections at its h2 and h3 headings. A line
 * scan rather than a Markdown parser: indexing every page at every commit it is built for must
 * stay cheap. Anchors come from the same slugger, fed every heading in the same order, as
 * rehype-slug at compile time, so duplicate headings get the same `-1`, `-2` suffixes.
 */
export function pageSections(pageId: string, pageTitle: string, markdown: string, description = ""): Section[] {
  const slugger = new GithubSlugger();
  const sections: Section[] = [];
  let current: Section = { key: pageId, pageId, pageTitle, description, heading: "", anchor: "", text: "" };
  let texts: string[] = [];
  // The introduction is kept even when empty: a match on the page title alone leads to the page's top.
  const flush = () => {
    current.text = clean(texts.join(" "));
    if (current.text || current.heading || !current.anchor) sections.push(current);
    texts = [];
  };
  let fence: string | undefined;
  for (const rawLine of markdown.split("\n")) {
    // Blockquotes (admonitions among them) hold headings and code too.
    const line = rawLine.replace(/^(?:\s*>)+\s?/, "");
    const fenceMatch = FENCE.exec(line.trimStart());
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence) && !line.trim().slice(fenceMatch[1]!.length).trim()) fence = undefined;
      else texts.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    const heading = HEADING.exec(line);
    if (!heading) {
      texts.push(lineText(line));
      continue;
    }
    // The slug is of the text as rendered, spaces and all, as rehype-slug sees it.
    const rendered = renderedText(heading[2]!);
    const anchor = slugger.slug(rendered);
    if (heading[1]!.length === 2 || heading[1]!.length === 3) {
      flush();
      current = { key: `${pageId}#${anchor}`, pageId, pageTitle, description: "", heading: clean(rendered), anchor, text: "" };
    } else {
      texts.push(rendered);
    }
  }
  flush();
  return sections;
}
