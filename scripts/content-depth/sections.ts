// What a page is made of, for comparing depth: its title, how many characters of prose and code it
// holds, and its top-level sections. Works on our pages and on the upstream docs/content alike.
import matter from "gray-matter";

export interface PageShape {
  title: string;
  /** Characters of the body, trimmed: frontmatter, import/export lines and JSX comments left out. */
  chars: number;
  /** The headings of the page's top level, in order, as plain text. */
  sections: string[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

export function pageShape(source: string, fallbackTitle = ""): PageShape {
  const { data, content } = matter(source);
  const body = stripNonContent(content);
  const headings = headingsOutsideCode(body);
  // The title is the page's h1: from the frontmatter, or a leading `# ` heading when there is none.
  const h1 = headings.find((heading) => heading.level === 1);
  const title = typeof data.title === "string" && data.title.trim() ? data.title.trim() : (h1?.text ?? fallbackTitle);
  // Top level is the shallowest heading level below the title that the page uses (## on almost
  // every page; a page that starts at ### still has sections).
  const below = headings.filter((heading) => heading.level > 1);
  const top = Math.min(...below.map((heading) => heading.level));
  return {
    title,
    chars: body.trim().length,
    sections: below.filter((heading) => heading.level === top).map((heading) => heading.text),
  };
}

/** Removes lines that hold no reading matter: MDX imports/exports and JSX comments. */
function stripNonContent(content: string): string {
  return content
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, "")
    .split("\n")
    .filter((line) => !/^\s*(import|export)\s/.test(line))
    .join("\n");
}

interface Heading {
  level: number;
  text: string;
}

function headingsOutsideCode(body: string): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  for (const line of body.split("\n")) {
    const opener = FENCE.exec(line);
    if (opener) {
      const marker = opener[1] ?? "";
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const match = HEADING.exec(line);
    if (match?.[1] && match[2]) headings.push({ level: match[1].length, text: plainHeading(match[2]) });
  }
  return headings;
}

/** `## Use \`tx.object\` {#anchor}` becomes `Use tx.object`. */
export function plainHeading(text: string): string {
  return text
    .replace(/\s*\{#[^}]*\}\s*$/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*_]/g, "")
    .trim();
}
