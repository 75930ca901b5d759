/** A Rust char literal: one character or one escape between single quotes. */
export const CHAR_LITERAL = /^'(\\.|[^\\'])'/;

/**
 * The index just past the bracket that closes the one at `open`, in comment-free text: strings are
 * skipped, and so is `->` (its `>` closes nothing). `pairs` says which brackets count: in Move code
 * `<` may be a comparison, so a module body is matched on braces alone. With `charLiterals` (Rust),
 * a char literal such as '{' opens nothing.
 */
export function closingBracket(
  text: string,
  open: number,
  { pairs, charLiterals = false }: { pairs: Record<string, string>; charLiterals?: boolean },
): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (charLiterals && c === "'" && CHAR_LITERAL.test(text.slice(i, i + 4))) {
      i += CHAR_LITERAL.exec(text.slice(i, i + 4))![0].length - 1;
    } else if (c === "-" && text[i + 1] === ">") i++;
    else if (pairs[c]) stack.push(pairs[c]!);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  throw new Error(`unbalanced bracket at offset ${open}`);
}

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
