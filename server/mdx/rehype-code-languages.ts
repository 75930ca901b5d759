import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { LANGUAGE_ALIASES, LANGUAGES } from "./highlighter";

const KNOWN = new Set<string>([...LANGUAGES, "text", "plaintext"]);

/**
 * Normalises fence languages before Shiki sees them and rejects unknown ones, so a typo in a
 * fence fails the commit's validation instead of silently rendering plain text.
 */
export function rehypeCodeLanguages() {
  return (tree: Root, file: VFile) => {
    visit(tree, "element", (node: Element, _index, parent) => {
      if (node.tagName !== "code" || (parent as Element | undefined)?.tagName !== "pre") return;
      const classes = (node.properties.className as string[] | undefined) ?? [];
      const langClass = classes.find((c) => c.startsWith("language-"));
      if (!langClass) {
        node.properties.className = ["language-text"];
        return;
      }
      const lang = langClass.slice("language-".length).toLowerCase();
      const resolved = LANGUAGE_ALIASES[lang] ?? lang;
      if (!KNOWN.has(resolved)) {
        file.fail(
          `code block language "${lang}" is not supported (use one of: ${[...KNOWN, ...Object.keys(LANGUAGE_ALIASES)].join(", ")})`,
          { place: (parent as Element).position },
        );
      }
      node.properties.className = [`language-${resolved === "plaintext" ? "text" : resolved}`];
    });
  };
}
