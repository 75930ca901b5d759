/** Text for generated MDX: descriptions are Markdown, but braces and angle brackets would be read as JSX. */
export function escapeMdx(text: string): string {
  return text.replace(/[{}<>]/g, (c) => ({ "{": "\\{", "}": "\\}", "<": "&lt;", ">": "&gt;" })[c]!);
}
