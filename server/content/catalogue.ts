import type { Frontmatter, SidebarName } from "./frontmatter";

/** One page of a commit, hand-written or generated. */
export interface PageMeta extends Frontmatter {
  /** Repository path the page is read or generated from. */
  sourcePath: string;
  kind: "mdx" | "generated";
}

/** SPEC section 3: the catalogue entry served by /api/catalogue. */
export interface CatalogueEntry {
  id: string;
  title: string;
  description: string;
  sidebar?: SidebarName;
}

export interface Problem {
  file: string;
  message: string;
}

export interface Catalogue {
  pages: ReadonlyMap<string, PageMeta>;
  /** Alias (without leading slash) to page id. */
  aliases: ReadonlyMap<string, string>;
  /** Pages left out because their source is broken. */
  problems: Problem[];
}

export function buildCatalogue(pages: PageMeta[], problems: Problem[]): Catalogue {
  const byId = new Map<string, PageMeta>();
  const aliases = new Map<string, string>();
  const found = [...problems];
  for (const page of pages) {
    if (byId.has(page.id)) {
      found.push({ file: page.sourcePath, message: `page id ${page.id} is defined twice` });
      continue;
    }
    byId.set(page.id, page);
  }
  for (const page of byId.values()) {
    for (const alias of page.aliases) {
      if (byId.has(alias) || aliases.has(alias)) found.push({ file: page.sourcePath, message: `alias /${alias} is already a page or another page's alias` });
      else aliases.set(alias, page.id);
    }
  }
  return { pages: byId, aliases, problems: found };
}

export function catalogueEntry(page: PageMeta): CatalogueEntry {
  return { id: page.id, title: page.title, description: page.description, ...(page.sidebar ? { sidebar: page.sidebar } : {}) };
}
