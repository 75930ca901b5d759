// Reading pages from disk: ours (content/docs) and the upstream docs/content, or a digest of the
// latter (each upstream page's route, title, characters and sections, with where they came from).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { routeOf } from "./pairing";
import { pageShape, type PageShape } from "./sections";

export interface UpstreamPage extends PageShape {
  route: string;
}

export interface Digest {
  /** Where the upstream pages were read: a folder, or the provenance a digest records. */
  source: string;
  /** True when the digest holds only some upstream pages: then nothing is paired by guesswork. */
  partial?: boolean;
  pages: UpstreamPage[];
  /** Per route, what the reader of the report should know about that page's figures. */
  notes?: Record<string, string>;
}

/** Upstream folders that hold no pages a reader sees as prose: generated references and fragments. */
const SKIP = [/(^|\/)snippets\//, /^references\/framework\//, /^references\/sui-api\/sui-graphql\/reference\//, /(^|\/)_/];

export function readOurPages(docsDir: string): Map<string, PageShape> {
  const pages = new Map<string, PageShape>();
  for (const file of listFiles(docsDir)) {
    if (!file.endsWith(".mdx")) continue;
    pages.set(routeOf(file), pageShape(readFileSync(path.join(docsDir, file), "utf8")));
  }
  return pages;
}

export function readUpstreamFolder(contentDir: string): Digest {
  const pages: UpstreamPage[] = [];
  for (const file of listFiles(contentDir)) {
    if (!/\.mdx?$/.test(file) || SKIP.some((pattern) => pattern.test(file))) continue;
    const route = routeOf(file);
    pages.push({ route, ...pageShape(readFileSync(path.join(contentDir, file), "utf8"), route) });
  }
  if (pages.length === 0) throw new Error(`no .md or .mdx pages under ${contentDir}: pass the monorepo's docs/content folder`);
  return { source: `the folder ${contentDir}`, pages: pages.sort((a, b) => a.route.localeCompare(b.route)) };
}

export function readDigest(file: string): Digest {
  const digest = JSON.parse(readFileSync(file, "utf8")) as Digest;
  if (!Array.isArray(digest.pages) || typeof digest.source !== "string")
    throw new Error(`${file} is not a depth digest ({ source, pages })`);
  return digest;
}

export function writeDigest(file: string, digest: Digest): void {
  writeFileSync(file, `${JSON.stringify(digest, null, 1)}\n`);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}
