import type { ContentFile } from "./fast-import-stream";

/**
 * `count` pages of about 1.5 KB each (frontmatter, prose, one heading) under docs/generated/: a
 * catalogue the size of a large documentation site, to add to a content folder.
 */
export function manyPages(count: number): ContentFile[] {
  return Array.from({ length: count }, (_, i) => {
    const body = `Page ${i} of a large catalogue. It describes one object of the system and how to use it. `.repeat(8);
    const text = `---\ntitle: Generated page ${i}\ndescription: One of ${count} generated pages, number ${i}.\n---\n\n${body}\n\n## Details\n\n${body}\n`;
    return { path: `docs/generated/page-${String(i).padStart(5, "0")}.mdx`, data: Buffer.from(text) };
  });
}
