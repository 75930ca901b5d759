/** A Rust char literal: one character or one escape between single quotes. */
export const CHAR_LITERAL = /^'(\\.|[^\\'])'/;

/**
 * The text of a Move or Rust file with comments blanked out (same length, so offsets stay valid)
 * and strings kept: a `//` inside b"https://..." is not a comment. Block comments nest in both
 * languages. With `charLiterals` (Rust), a char literal such as '"' or '{' opens no string or block.
 */
export function stripComments(source: string, { charLiterals = false } = {}): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      out += " ".repeat(stop - i);
      i = stop;
    } else if (c === "/" && next === "*") {
      let depth = 0;
      let j = i;
      while (j < source.length) {
        if (source[j] === "/" && source[j + 1] === "*") {
          depth++;
          j += 2;
        } else if (source[j] === "*" && source[j + 1] === "/") {
          depth--;
          j += 2;
          if (depth === 0) break;
        } else j++;
      }
      out += source.slice(i, j).replace(/[^\n]/g, " ");
      i = j;
    } else if (c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== '"') j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else if (charLiterals && c === "'" && CHAR_LITERAL.test(source.slice(i, i + 4))) {
      const literal = CHAR_LITERAL.exec(source.slice(i, i + 4))![0];
      out += literal;
      i += literal.length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
