import type { PageMeta } from "../content/catalogue";
import { SIDEBAR_NAMES } from "../content/frontmatter";
import type { SidebarItem } from "../content/sidebars";
import type { Snapshot } from "../engine";

/**
 * Pages as a reader meets them: each sidebar in turn (guides, concepts, standards, references),
 * depth first, then pages no sidebar lists, by id. Snippets are left out: their text is in the
 * pages that use them.
 */
export function readingOrder(snapshot: Pick<Snapshot, "catalogue" | "sidebars">): PageMeta[] {
  const ids = new Set<string>();
  const walk = (items: readonly SidebarItem[]) => {
    for (const item of items) {
      if (item.docId) ids.add(item.docId);
      if (item.type === "category") walk(item.items);
    }
  };
  for (const name of SIDEBAR_NAMES) walk(snapshot.sidebars.get(name) ?? []);
  const pages = snapshot.catalogue.pages;
  const rest = [...pages.keys()].filter((id) => !ids.has(id)).sort();
  return [...ids, ...rest].filter((id) => !id.startsWith("snippets/")).flatMap((id) => pages.get(id) ?? []);
}

const INTRO =
  "# Sui Documentation\n\n> Guides, concepts, standards and references for building on Sui with Move: " +
  "every page's Markdown in one file, in the order of the site's sidebars. " +
  "Each page starts with its title, description and URL. The list of pages is at /llms.txt.\n\n";

/**
 * The text of /llms-full.txt: `sections` (each page's Markdown, undefined when it does not
 * convert) in order, as many as fit in `maxBytes`; a closing note names the pages left out, which
 * remain at their own `.md` URLs.
 */
export function llmsFullText(
  pages: readonly PageMeta[],
  sections: ReadonlyArray<{ page: PageMeta; markdown: string | undefined }>,
  maxBytes: number,
  origin: string,
): string {
  const parts = [INTRO];
  let bytes = Buffer.byteLength(INTRO);
  const included = new Set<string>();
  // The note for what is left out must fit too.
  const budget = maxBytes - 1024;
  for (const { page, markdown } of sections) {
    if (markdown === undefined) continue;
    const size = Buffer.byteLength(markdown) + 1;
    if (bytes + size > budget) break;
    parts.push(markdown, "\n");
    bytes += size;
    included.add(page.id);
  }
  const left = pages.filter((p) => !included.has(p.id));
  if (left.length) {
    parts.push(
      `# Pages not in this file\n\n${left.length} of ${pages.length} pages did not fit in this file's limit ` +
        `of ${Math.round(maxBytes / 1024)} KB or could not be converted. ` +
        `Each is at its URL with .md appended (for example ${origin}/${left[0]!.id}.md), and /llms.txt lists them all.\n`,
    );
  }
  return parts.join("");
}
