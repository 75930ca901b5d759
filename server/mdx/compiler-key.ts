import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMPILER_VERSION } from "./compile";

/** The packages whose version changes what a page compiles to. */
const PIPELINE_PACKAGES = [
  "unified",
  "remark-parse",
  "remark-mdx",
  "remark-gfm",
  "remark-directive",
  "remark-rehype",
  "rehype-slug",
  "github-slugger",
  "shiki",
  "@shikijs/rehype",
  "@shikijs/transformers",
  "property-information",
  "remark-math",
  "katex",
];

/** The installed version of a package, found in the nearest node_modules above this module (source or build). */
function installedVersion(name: string): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      return (JSON.parse(fs.readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
    } catch {
      if (dir === path.dirname(dir)) return "unknown";
    }
  }
}

/**
 * Part of every compiled page's key, in memory and in DATA_DIR: the compiler's own version and the
 * versions of the parser and highlighter packages, so an upgrade recompiles instead of serving pages
 * compiled by the old pipeline.
 */
export const COMPILER_KEY = [COMPILER_VERSION, ...PIPELINE_PACKAGES.map((name) => `${name}@${installedVersion(name)}`)].join(";");
