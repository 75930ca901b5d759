/**
 * Text for generated MDX: descriptions are Markdown, but braces and angle brackets would be read as
 * JSX. Inside `code spans` MDX reads every character literally, so those are left as they are
 * (escaped there, `Coin<T>` would show as `Coin&lt;T&gt;`).
 */
export function escapeMdx(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/[{}<>]/g, (c) => ({ "{": "\\{", "}": "\\}", "<": "&lt;", ">": "&gt;" })[c]!)))
    .join("");
}
