import type { Frontmatter } from "./frontmatter";

/** A page whose MDX is produced from a data file of the repository (a schema, an API document). */
export interface GeneratedPage {
  meta: Frontmatter;
  mdx: string;
}

/** Turns one data file of the content repository into pages. Must be pure: same text, same pages. */
export interface PageGenerator {
  /** Repository path of the data file, e.g. schemas/sui.graphql. */
  sourcePath: string;
  /** Part of every generated page's cache key; bump when the output changes. */
  version: string;
  generate(text: string): GeneratedPage[];
}
