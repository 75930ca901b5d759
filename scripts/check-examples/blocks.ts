import { parseFenceMeta } from "./fence-meta";

/** One fenced code block of a page. */
export interface CodeBlock {
  /** Repository-relative path of the page, e.g. content/docs/guides/x.mdx. */
  file: string;
  /** 1-based line of the opening fence. */
  fenceLine: number;
  /** 1-based line of the block's first code line. */
  line: number;
  lang: string;
  meta: Record<string, string>;
  code: string;
}

/** A run of non-code lines (a paragraph, list item, heading, ...) with its first line. */
export interface ProseParagraph {
  file: string;
  line: number;
  text: string;
}

export interface PageSource {
  file: string;
  source: string;
}

export interface ExtractedPage {
  blocks: CodeBlock[];
  prose: ProseParagraph[];
}

const OPENING = /^(\s*)(`{3,}|~{3,})\s*([^\s`{]*)\s*(.*)$/;

/**
 * Splits an MDX page into fenced code blocks and prose paragraphs. A line scanner rather than
 * the MDX parser: a page whose MDX is broken still gets its examples checked, and line numbers
 * stay exact. Fences nest by length (a ```` fence may contain ``` lines), as in CommonMark.
 */
export function extractPage(page: PageSource): ExtractedPage {
  const lines = page.source.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  const prose: ProseParagraph[] = [];
  let paragraph: { line: number; lines: string[] } | undefined;
  const endParagraph = () => {
    if (paragraph) prose.push({ file: page.file, line: paragraph.line, text: paragraph.lines.join("\n") });
    paragraph = undefined;
  };
  let index = skipFrontmatter(lines);
  while (index < lines.length) {
    const text = lines[index]!;
    const opening = OPENING.exec(text);
    if (!opening) {
      if (text.trim() === "") endParagraph();
      else (paragraph ??= { line: index + 1, lines: [] }).lines.push(text);
      index++;
      continue;
    }
    endParagraph();
    const [, indent, fence, lang, meta] = opening as unknown as [string, string, string, string, string];
    const closing = new RegExp(`^\\s*${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end]!)) {
      // Code inside an indented fence (a list item, a TabItem) carries the fence's indentation.
      const line = lines[end]!;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
      end++;
    }
    blocks.push({
      file: page.file,
      fenceLine: index + 1,
      line: index + 2,
      lang: lang.toLowerCase(),
      meta: parseFenceMeta(meta),
      code: body.join("\n"),
    });
    index = end + 1;
  }
  endParagraph();
  return { blocks, prose };
}

function skipFrontmatter(lines: string[]): number {
  if (lines[0]?.trim() !== "---") return 0;
  const end = lines.indexOf("---", 1);
  return end === -1 ? 0 : end + 1;
}

/** The YAML frontmatter text of a page, or "" when it has none. */
export function frontmatterOf(source: string): string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  return match ? match[1]! : "";
}
