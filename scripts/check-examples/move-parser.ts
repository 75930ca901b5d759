import { createRequire } from "node:module";
import Parser from "web-tree-sitter";

const require = createRequire(import.meta.url);
let parser: Promise<Parser> | undefined;

/**
 * The Move grammar Mysten ships with its Prettier plugin (tree-sitter compiled to wasm), so the
 * checker parses Move the way Sui's own formatter does, without native builds.
 */
export function moveParser(): Promise<Parser> {
  parser ??= (async () => {
    await Parser.init();
    const language = await Parser.Language.load(require.resolve("@mysten/prettier-plugin-move/tree-sitter-move.wasm"));
    const instance = new Parser();
    instance.setLanguage(language);
    return instance;
  })();
  return parser;
}

/** The first node tree-sitter could not parse (ERROR) or had to invent (MISSING), depth first. */
export function firstSyntaxError(node: Parser.SyntaxNode): Parser.SyntaxNode | undefined {
  if (node.type === "ERROR" || node.isMissing()) return node;
  if (!node.hasError()) return undefined;
  for (const child of node.children) {
    const found = firstSyntaxError(child);
    if (found) return found;
  }
  return node;
}
