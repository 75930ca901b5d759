import { compileMdx } from "./compile";

/** Compiles a page body to the HTML readers get, so tests of the compiler's plugins assert on markup. */
export async function compileToHtml(body: string, files: Record<string, string> = {}): Promise<string> {
  const { html } = await compileMdx({ path: "docs/test-page.mdx", source: body, files });
  return html;
}

/** The text of the page's code blocks, as a reader copies it (no buttons, labels or captions). */
export function codeText(html: string): string {
  return [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "")).join("\n");
}
