import path from "node:path/posix";
import type { Plugin } from "esbuild";
import { bundleMDX } from "mdx-bundler";
import rehypeShikiFromHighlighter from "@shikijs/rehype/core";
import { transformerMetaHighlight } from "@shikijs/transformers";
import rehypeSlug from "rehype-slug";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import { VFile } from "vfile";
import { getHighlighter, THEMES, transformerCodeMeta } from "./highlighter";
import { RUNTIME_MODULES, resolveImport } from "./imports";
import { remarkAdmonitions } from "./remark-admonitions";
import { rehypeCodeLanguages } from "./rehype-code-languages";
import { rehypeToc, type TocEntry } from "./rehype-toc";

export type { TocEntry };

/** Bump when the output of compileMdx changes for the same input, so cached pages are recompiled. */
export const COMPILER_VERSION = "mdx-bundler@10.1.1;shiki@4;pipeline@3";

/** A virtual root: imported files live here for esbuild, never on disk. */
const ROOT = "/__content__";

export interface MdxInput {
  /** Repository path of the page, e.g. docs/guides/index.mdx. */
  path: string;
  source: string;
  /** Every repository file the page may import, by repository path. */
  files: Record<string, string>;
}

export interface CompiledMdx {
  /** The page as a function body for mdx-bundler's getMDXComponent. */
  code: string;
  frontmatter: Record<string, unknown>;
  toc: TocEntry[];
}

/** Resolves every import from the in-memory files of the commit; nothing is read from disk. */
function contentOnly(files: Record<string, string>): Plugin {
  return {
    name: "content-only",
    setup(build) {
      build.onResolve({ filter: /.*/ }, ({ path: specifier, importer, kind }) => {
        if (kind === "entry-point" || RUNTIME_MODULES.has(specifier)) return undefined;
        const importerPath = path.relative(ROOT, importer);
        const resolved = resolveImport(importerPath, specifier, (p) => p in files);
        if (!resolved) {
          return { errors: [{ text: `import "${specifier}" does not name a file of the content repository at this commit (use @site/ or a relative path)` }] };
        }
        return { path: `${ROOT}/${resolved}`, pluginData: { inMemory: true, contents: files[resolved] } };
      });
    },
  };
}

export async function compileMdx({ path: repoPath, source, files }: MdxInput): Promise<CompiledMdx> {
  const highlighter = await getHighlighter();
  const toc: TocEntry[] = [];
  const result = await bundleMDX({
    source: new VFile({ value: source, path: `${ROOT}/${repoPath}` }),
    files,
    cwd: ROOT,
    mdxOptions(options) {
      // Components come from a provider, so snippets imported by a page get them too.
      options.providerImportSource = "@mdx-js/react";
      options.remarkPlugins = [...(options.remarkPlugins ?? []), remarkGfm, remarkDirective, remarkAdmonitions];
      options.rehypePlugins = [
        ...(options.rehypePlugins ?? []),
        rehypeSlug,
        rehypeToc(toc),
        rehypeCodeLanguages,
        [rehypeShikiFromHighlighter, highlighter, { themes: THEMES, defaultColor: false, transformers: [transformerMetaHighlight(), transformerCodeMeta] }],
      ];
      return options;
    },
    globals: { "@mdx-js/react": { varName: "MdxJsReact", namedExports: ["useMDXComponents"], defaultExport: false } },
    esbuildOptions(options) {
      options.plugins = [contentOnly(files), ...(options.plugins ?? [])];
      options.logLevel = "silent";
      return options;
    },
  });
  return { code: result.code, frontmatter: result.frontmatter, toc };
}
