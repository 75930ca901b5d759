import matter from "gray-matter";

export const SIDEBAR_NAMES = ["guidesSidebar", "conceptsSidebar", "standardsSidebar", "referencesSidebar"] as const;
export type SidebarName = (typeof SIDEBAR_NAMES)[number];

export interface Frontmatter {
  id: string;
  title: string;
  description: string;
  sidebar?: SidebarName;
  sidebarLabel?: string;
  aliases: string[];
}

export type FrontmatterResult = { ok: true; value: Frontmatter } | { ok: false; error: string };

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

/** Reads and checks a page's frontmatter; `expectedId` is the id its file path gives. */
export function parseFrontmatter(source: string, expectedId: string): FrontmatterResult {
  let data: Record<string, unknown>;
  try {
    // An options object turns off gray-matter's unbounded cache of every string it parsed.
    data = matter(source, {}).data;
  } catch (error) {
    return { ok: false, error: `frontmatter is not valid YAML: ${(error as Error).message.split("\n")[0]}` };
  }
  const id = str(data.id) ?? expectedId;
  if (id !== expectedId) return { ok: false, error: `frontmatter id "${id}" does not match its file path (expected "${expectedId}")` };
  const title = str(data.title);
  if (!title) return { ok: false, error: "frontmatter has no title" };
  const description = str(data.description);
  if (!description) return { ok: false, error: "frontmatter has no description" };
  const sidebar = data.sidebar;
  if (sidebar !== undefined && !SIDEBAR_NAMES.includes(sidebar as SidebarName)) {
    return { ok: false, error: `frontmatter sidebar "${String(sidebar)}" is not one of ${SIDEBAR_NAMES.join(", ")}` };
  }
  const aliases = data.aliases === undefined ? [] : data.aliases;
  if (!Array.isArray(aliases) || !aliases.every((a) => typeof a === "string" && /^\/[A-Za-z0-9/_-]+$/.test(a))) {
    return { ok: false, error: "frontmatter aliases must be a list of paths such as /sui-glossary" };
  }
  return {
    ok: true,
    value: {
      id,
      title,
      description,
      sidebar: sidebar as SidebarName | undefined,
      sidebarLabel: str(data.sidebar_label),
      aliases: aliases.map((a: string) => a.replace(/\/+$/, "").slice(1)),
    },
  };
}
