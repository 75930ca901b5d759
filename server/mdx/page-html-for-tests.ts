import { compileMdx } from "./compile";

/** Compiles a page body to the HTML readers get, so tests of the compiler's plugins assert on markup. */
export async function compileToHtml(body: string, files: Record<string, string> = {}): Promise<string> {
  return (await compileMdx({ path: "docs/test-page.mdx", source: body, files })).html;
}
