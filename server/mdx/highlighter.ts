import { createHighlighter, type Highlighter, type ShikiTransformer } from "shiki";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";

/** Languages pages may declare; anything else is refused at compile time with a clear message. */
export const LANGUAGES = [
  "move",
  "rust",
  "typescript",
  "tsx",
  "javascript",
  "jsx",
  "shellscript",
  "json",
  "toml",
  "yaml",
  "graphql",
  "diff",
] as const;

/** Names authors write after the fence, mapped to Shiki grammars. `text` stays unhighlighted. */
export const LANGUAGE_ALIASES: Record<string, string> = {
  ts: "typescript",
  js: "javascript",
  sh: "shellscript",
  bash: "shellscript",
  shell: "shellscript",
  console: "shellscript",
  yml: "yaml",
  gql: "graphql",
};

/** GitHub's "default" palettes: every token colour reaches 4.5:1 on the code block backgrounds (WCAG AA). */
export const THEMES = { light: "github-light-default", dark: "github-dark-default" } as const;

let highlighter: Promise<Highlighter> | undefined;

/**
 * One highlighter per process, with only the languages we use: loading every grammar costs seconds.
 * The JavaScript regex engine rather than Oniguruma's WASM one: same output on every code block of
 * the embedded content, but the WASM memory grew to 100 MB and never shrinks. Forgiving, so a
 * pattern it cannot translate leaves some code unhighlighted instead of failing the page.
 */
export function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: Object.values(THEMES),
    langs: [...LANGUAGES],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

/**
 * Carries the fence's `title="..."` and language onto <pre> so the renderer can show them, and the
 * code itself, as highlighted, for its copy button (render-html.ts's code frame).
 */
export const transformerCodeMeta: ShikiTransformer = {
  name: "code-meta",
  pre(node) {
    const raw = this.options.meta?.__raw ?? "";
    const title = /title=(["'])(.*?)\1/.exec(raw)?.[2];
    if (title) node.properties["data-title"] = title;
    node.properties["data-language"] = this.options.lang;
    node.properties["data-source"] = this.source;
  },
};
