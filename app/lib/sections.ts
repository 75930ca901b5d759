/** The four sections of the documentation, in the order the header, the drawer and the footer list them. */
export const SECTIONS = [
  { label: "Guides", href: "/guides" },
  { label: "Concepts", href: "/concepts" },
  { label: "Standards", href: "/standards" },
  { label: "References", href: "/references" },
] as const;

export type Section = (typeof SECTIONS)[number];

/** The section a page id belongs to (its first path segment names it), or undefined for pages outside the four. */
export function sectionOf(pageId: string): Section | undefined {
  const first = pageId.split("/", 1)[0];
  return SECTIONS.find((s) => s.href === `/${first}`);
}
