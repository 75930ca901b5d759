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
  /** What the page's code was checked against ("Verified with" line); absent when the page declares none. */
  verifiedWith?: VerifiedWith[];
}

export interface VerifiedWith {
  /** "sui" (framework and CLI) or an exact npm package name. */
  name: string;
  /** An exact version, e.g. 2.33.1. */
  version: string;
}

export type FrontmatterResult = { ok: true; value: Frontmatter } | { ok: false; error: string };

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

const PACKAGE_NAME = /^(?:sui|(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*)$/;
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * Checks `verified_with` (absent is an empty list). Only its shape: whether the versions equal
 * today's pins is the example checker's business (scripts/check-examples), because an older
 * commit verified with older pins must stay viewable with `?commit=`.
 */
export function parseVerifiedWith(value: unknown): { ok: true; value: VerifiedWith[] } | { ok: false; error: string } {
  if (value === undefined || value === null) return { ok: true, value: [] };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, error: 'frontmatter verified_with must be a mapping such as { sui: "1.63.0", "@mysten/sui": "2.33.1" }' };
  }
  const entries: VerifiedWith[] = [];
  for (const [name, version] of Object.entries(value)) {
    if (!PACKAGE_NAME.test(name)) return { ok: false, error: `frontmatter verified_with key "${name}" is neither "sui" nor an npm package name` };
    if (typeof version !== "string" || !EXACT_VERSION.test(version)) {
      return { ok: false, error: `frontmatter verified_with.${name} must be an exact version in quotes, such as "1.2.3" (got ${JSON.stringify(version)})` };
    }
    entries.push({ name, version });
  }
  return { ok: true, value: entries };
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
  const verifiedWith = parseVerifiedWith(data.verified_with);
  if (!verifiedWith.ok) return verifiedWith;
  return {
    ok: true,
    value: {
      id,
      title,
      description,
      sidebar: sidebar as SidebarName | undefined,
      sidebarLabel: str(data.sidebar_label),
      aliases: aliases.map((a: string) => a.replace(/\/+$/, "").slice(1)),
      ...(verifiedWith.value.length ? { verifiedWith: verifiedWith.value } : {}),
    },
  };
}
