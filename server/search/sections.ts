import GithubSlugger from "github-slugger";

/** One searchable unit: the text of a page between two h2/h3 headings (or before the first). */
export interface Section {
  /** `<pageId>#<anchor>`, or the page id for the text before the first heading. */
  key: string;
  pageId: string;
  pageTitle: string;
  /** The h2/h3 heading this text sits under; empty for the page's introduction. */
  heading: string;
  /** The id rehype-slug gives that heading, so a result links straight to it. */
  anchor: string;
  text: string;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: " " };

/** Reduces inline Markdown/MDX to the words a reader sees, as rehype-slug sees a heading's text. */
export function inlineText(text: string): string {
  return text
    .replace(/<\/?[A-Za-z][^>]*>/g, " ") // JSX and HTML tags; their children stay
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1") // images: keep the alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // links: keep the label
    .replace(/[`*~]/g, "") // inline code and emphasis marks; `_` stays, it is part of identifiers
    .replace(/&(lt|gt|amp|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** Reduces one body line to its words: block markers go, then inline markup. */
export function plainText(line: string): string {
  return inlineText(
    line
      .replace(/^\s*:::\s*\w*\s*/, "") // admonition fences; a title after them stays
      .replace(/^\s*(?:[-*+]|\d+\.)\s+/, "") // list markers
      .replace(/^\s*>\s?/, "") // blockquotes
      .replace(/^[\s|:-]+$/, "") // table delimiter rows
      .replace(/\|/g, " "), // table cells
  );
}

function stripFrontmatter(source: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(source);
  return match ? source.slice(match[0].length) : source;
}

/**
 * Splits an MDX page into sections at its h2 and h3 headings. Anchors are produced with the same
 * slugger, in the same order, as rehype-slug at compile time, so duplicate headings get the same
 * `-1`, `-2` suffixes. Code blocks stay searchable (readers look up function names).
 */
export function pageSections(pageId: string, pageTitle: string, source: string): Section[] {
  const slugger = new GithubSlugger();
  const sections: Section[] = [];
  let current: Section = { key: pageId, pageId, pageTitle, heading: "", anchor: "", text: "" };
  const lines: string[] = [];
  const flush = () => {
    current.text = lines.join(" ").replace(/\s+/g, " ").trim();
    if (current.text || current.heading) sections.push(current);
    lines.length = 0;
  };
  let fence: string | undefined;
  for (const line of stripFrontmatter(source).split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      else lines.push(line.trim());
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    if (/^(import|export)\s/.test(line)) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      const text = inlineText(heading[2]!);
      const anchor = slugger.slug(text);
      if (heading[1]!.length === 2 || heading[1]!.length === 3) {
        flush();
        current = { key: `${pageId}#${anchor}`, pageId, pageTitle, heading: text, anchor, text: "" };
      } else {
        lines.push(text);
      }
      continue;
    }
    const text = plainText(line);
    if (text) lines.push(text);
  }
  flush();
  return sections;
}
