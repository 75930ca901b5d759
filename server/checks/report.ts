import type { PageScan } from "./link-scan";

/** A page that does not compile, or a file the catalogue refused (bad frontmatter, a duplicate id). */
export interface CompileFinding {
  /** The page's id; absent for a file that is not a page of its own. */
  page?: string;
  file: string;
  line?: number;
  column?: number;
  message: string;
  /** Not so at the target: this ref brings it. */
  new: boolean;
}

/** A sidebar file's problem: an entry naming a page that does not exist, or a file that is not a sidebar. */
export interface SidebarFinding {
  file: string;
  message: string;
  new: boolean;
}

/** A link in a page to a page, anchor or file that is not there. */
export interface LinkFinding {
  page: string;
  file: string;
  line: number;
  url: string;
  reason: string;
  new: boolean;
}

/** A page added, removed or changed. */
export interface ChangedPage {
  id: string;
  title: string;
}

/** A page added, removed or changed, with where to read the change. */
export interface PageChange extends ChangedPage {
  /** The diff of the page (changed), the page at the ref (added) or at the target (removed). */
  href: string;
}

/**
 * Links each page change of `ref`'s checks to where it is read: a changed page to its diff from the
 * target commit to the ref's tip, an added one to its preview, a removed one at the target commit.
 */
export function linkChanges(
  pages: Record<"added" | "removed" | "changed", ChangedPage[]>,
  ref: string,
  target: string,
): Record<"added" | "removed" | "changed", PageChange[]> {
  const name = encodeURIComponent(ref);
  return {
    added: pages.added.map((page) => ({ ...page, href: `/${page.id}?ref=${name}` })),
    removed: pages.removed.map((page) => ({ ...page, href: `/${page.id}?commit=${target}` })),
    changed: pages.changed.map((page) => ({ ...page, href: `/diff/${page.id}?from=${target}&ref=${name}` })),
  };
}

export interface CheckCounts {
  /** Each breakage counts only when new at the ref: what publishing it would break. */
  /** Pages (or files) that fail to compile, however many problems each has. */
  compile: number;
  sidebars: number;
  links: number;
  files: number;
  added: number;
  removed: number;
  changed: number;
}

/** The site's pages and files at one commit, as links are resolved against them. */
export interface LinkTargets {
  /** Page ids, with their anchors when the page was scanned (generated pages' are not). */
  anchors: ReadonlyMap<string, ReadonlySet<string> | undefined>;
  /** Page aliases (without the leading slash) to page ids. */
  aliases: ReadonlyMap<string, string>;
  /** Paths of the commit's files (static/… among them). */
  files: { has(path: string): boolean };
}

/** First path segments of the site's own routes: a link to them is not a link to a page. */
const SITE_ROUTES = new Set([
  "search",
  "changes",
  "history",
  "diff",
  "api",
  "checks",
  "llms.txt",
  "llms-full.txt",
  "sitemap.xml",
  "robots.txt",
  "mcp",
  "changes.atom",
  "v",
]);

const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** The site path a page's link names, resolved against the page's own URL (`/<id>`), without query. */
function sitePath(pageId: string, url: string): { path: string; hash?: string } {
  const [beforeHash, ...rest] = url.split("#");
  const hash = rest.length ? decodeSafely(rest.join("#")) : undefined;
  const pathPart = beforeHash!.split("?")[0]!;
  if (!pathPart) return { path: `/${pageId}`, hash };
  const resolved = new URL(pathPart, `http://site/${pageId}`).pathname;
  return { path: decodeSafely(resolved), hash };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * What is wrong with one link of page `pageId` at the commit `targets` describes, or undefined:
 * "no such page", "no such anchor", or "no such file" for an image or a /static/ file. External
 * links (any scheme, `//host`) and the site's own routes are not checked.
 */
export function linkProblem(pageId: string, link: { url: string; image: boolean }, targets: LinkTargets): string | undefined {
  const url = link.url.trim();
  if (!url || SCHEME.test(url)) return undefined;
  const { path, hash } = sitePath(pageId, url);
  if (path.startsWith("/static/")) return targets.files.has(path.slice(1)) ? undefined : "no such file";
  if (link.image) return "no such file: images are served from /static/";
  const trimmed = path.replace(/^\/+|\/+$/g, "").replace(/\.md$/, "");
  if (!trimmed) return undefined;
  if (SITE_ROUTES.has(trimmed.split("/")[0]!)) return undefined;
  const id = targets.anchors.has(trimmed) ? trimmed : targets.aliases.get(trimmed);
  if (id === undefined) return "no such page";
  const anchors = targets.anchors.get(id);
  if (hash && anchors && !anchors.has(hash)) return `no such anchor on /${id}`;
  return undefined;
}

export interface ScannedPage {
  id: string;
  file: string;
  scan: PageScan;
}

/** Every link of the scanned pages that `linkProblem` finds broken, images and /static/ files apart. */
export function brokenLinks(
  pages: readonly ScannedPage[],
  targets: LinkTargets,
): { links: Omit<LinkFinding, "new">[]; files: Omit<LinkFinding, "new">[] } {
  const links: Omit<LinkFinding, "new">[] = [];
  const files: Omit<LinkFinding, "new">[] = [];
  for (const { id, file, scan } of pages) {
    for (const link of scan.links) {
      const reason = linkProblem(id, link, targets);
      if (!reason) continue;
      (reason.startsWith("no such file") ? files : links).push({ page: id, file, line: link.line, url: link.url, reason });
    }
  }
  return { links, files };
}

/** Marks each finding new unless the same one (same file and what it says, wherever the line) is at the target. */
export function markNew<T extends { file: string }>(
  findings: readonly T[],
  atTarget: readonly T[],
  keyOf: (finding: T) => string,
): (T & { new: boolean })[] {
  const known = new Set(atTarget.map((finding) => `${finding.file}\0${keyOf(finding)}`));
  return findings.map((finding) => ({ ...finding, new: !known.has(`${finding.file}\0${keyOf(finding)}`) }));
}

/** Whether publishing the ref would break something: any breakage it brings. */
export function stateOf(counts: CheckCounts): "success" | "failure" {
  return counts.compile + counts.sidebars + counts.links + counts.files > 0 ? "failure" : "success";
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line saying what the checks found, within GitHub's 140 characters of a status description. */
export function describeCounts(counts: CheckCounts): string {
  const broken = [
    counts.compile && plural(counts.compile, "page fails to compile", "pages fail to compile"),
    counts.sidebars && plural(counts.sidebars, "sidebar problem", "sidebar problems"),
    counts.links && plural(counts.links, "broken link", "broken links"),
    counts.files && plural(counts.files, "missing file", "missing files"),
  ].filter(Boolean);
  const pages = `${counts.changed} changed, ${counts.added} added, ${counts.removed} removed`;
  const text = `${broken.length ? broken.join(", ") : "Nothing broken"}; pages: ${pages}`;
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}
