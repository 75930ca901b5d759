import path from "node:path/posix";

const IMPORT = /^\s*import\s+(?:[\s\S]*?\s+from\s+)?["']([^"']+)["'];?/gm;
/** Pages import snippets only, so only Markdown files are looked for. */
const EXTENSIONS = ["", ".mdx", ".md"];

/** The module specifiers an MDX or JS source imports. */
export function importSpecifiers(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1]!);
}

/**
 * Resolves an import written in `importer` (a repository path) to a repository path, or returns
 * undefined when it names no file of the commit. `@site/` is the repository root, like in
 * Docusaurus; anything resolving outside the repository is refused.
 */
export function resolveImport(importer: string, specifier: string, exists: (repoPath: string) => boolean): string | undefined {
  let base: string;
  if (specifier.startsWith("@site/")) base = path.normalize(specifier.slice("@site/".length));
  else if (specifier.startsWith("./") || specifier.startsWith("../")) {
    base = path.normalize(path.join(path.dirname(importer), specifier));
  } else return undefined;
  if (base.startsWith("..") || path.isAbsolute(base) || base.includes("\0")) return undefined;
  for (const ext of EXTENSIONS) if (exists(base + ext)) return base + ext;
  return undefined;
}
