import type { SidebarItem } from "../../server/index";

/** The four sections of the documentation, in the order the header, the drawer and the footer list them. */
export const SECTIONS = [
  { label: "Guides", href: "/guides" },
  { label: "Concepts", href: "/concepts" },
  { label: "Standards", href: "/standards" },
  { label: "References", href: "/references" },
] as const;

export type Section = (typeof SECTIONS)[number];

/**
 * The section a page belongs to: the one its id starts with, else the one whose index page its
 * sidebar lists at the top level (a generated page such as /sui-api-ref sits in the References
 * sidebar); undefined for a page in neither.
 */
export function sectionOf(pageId: string, sidebar?: readonly SidebarItem[] | null): Section | undefined {
  const first = pageId.split("/", 1)[0];
  return SECTIONS.find((s) => s.href === `/${first}`) ?? SECTIONS.find((s) => sidebar?.some((item) => item.href === s.href));
}
