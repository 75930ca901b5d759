import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PageSource } from "./blocks";
import type { Preamble } from "./typescript";

/** The pages whose examples are checked: content/docs/**\/*.mdx and content/snippets/*.mdx. */
export function readPages(root: string): PageSource[] {
  const pages: PageSource[] = [];
  for (const dir of ["content/docs", "content/snippets"]) {
    for (const relative of listFiles(path.join(root, dir))) {
      if (!relative.endsWith(".mdx")) continue;
      const file = `${dir}/${relative}`;
      pages.push({ file, source: readFileSync(path.join(root, file), "utf8") });
    }
  }
  return pages.sort((a, b) => a.file.localeCompare(b.file));
}

/** content/preambles/<name>.ts by name. */
export function readPreambles(root: string): Map<string, Preamble> {
  const preambles = new Map<string, Preamble>();
  for (const relative of listFiles(path.join(root, "content/preambles"))) {
    if (!relative.endsWith(".ts") || relative.includes("/")) continue;
    const file = `content/preambles/${relative}`;
    preambles.set(relative.slice(0, -3), { file, text: readFileSync(path.join(root, file), "utf8") });
  }
  return preambles;
}

/** Every file under `dir`, as `/`-separated paths relative to it; none if `dir` does not exist. */
export function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
