import type { Element, ElementContent, Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * Where a long identifier, path or URL may break across lines: after `::`, `_`, `.`, `/`, `,`,
 * `;`, `&`, `=`, `?`, after a `-` that follows a letter or digit (not the `--` of a flag), before
 * an opening bracket or `<`, and between the words of camelCase and PascalCase names; never
 * inside `//`, nor right after leading punctuation such as the `&` of `&Clock`.
 */
const BREAK = /(?<=::|[_./,;&=?]|[\p{L}\p{N}]-)(?![\s/])|(?<=\S)(?=[<([{])|(?<=[\p{Ll}\p{N}])(?=\p{Lu})/gu;

/** `text` cut at its break points (see BREAK); the pieces join back to `text`. */
export function breakPoints(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BREAK)) {
    if (!/[\p{L}\p{N}]/u.test(text.slice(start, match.index))) continue;
    pieces.push(text.slice(start, match.index));
    start = match.index;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** An empty marker the site's CSS turns into a break opportunity (a zero-width space, never copied with the text). */
const MARKER: Element = { type: "element", tagName: "span", properties: { className: ["wbr"] }, children: [] };

/**
 * Inline code in table cells gets break opportunities at sensible points, so a table of long
 * identifiers fits its column by wrapping them between words rather than scrolling sideways or
 * breaking them at any letter.
 */
export function rehypeTableCodeBreaks() {
  return (tree: Root) => {
    visit(tree, "element", (cell: Element) => {
      if (cell.tagName !== "td" && cell.tagName !== "th") return;
      visit(cell, "element", (code: Element) => {
        if (code.tagName !== "code") return;
        code.children = code.children.flatMap((child): ElementContent[] =>
          child.type === "text"
            ? breakPoints(child.value).flatMap((piece, i) =>
                i ? [structuredClone(MARKER), { type: "text", value: piece }] : [{ type: "text", value: piece }],
              )
            : [child],
        );
      });
    });
  };
}
