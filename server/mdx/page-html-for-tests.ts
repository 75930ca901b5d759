import { compileMdx } from "./compile";
import { TOKEN_TAG, type PageNode, type PageProps } from "./safe-html";

/**
 * Compiles a page body and writes its tree as HTML, so tests of the compiler's plugins assert on
 * the markup readers get rather than on the tree's encoding.
 */
export async function compileToHtml(body: string, files: Record<string, string> = {}): Promise<string> {
  const { tree } = await compileMdx({ path: "docs/test-page.mdx", source: body, files });
  return tree.map(html).join("");
}

function html(node: PageNode): string {
  if (typeof node === "string") return escape(node);
  const [tag, second, ...rest] = node;
  const hasProps = second !== undefined && typeof second === "object" && !Array.isArray(second);
  const props = hasProps ? (second as PageProps) : {};
  const children = (hasProps || second === undefined ? rest : [second, ...rest]) as PageNode[];
  const name = tag.startsWith(TOKEN_TAG) ? "span" : tag;
  const attributes = Object.entries(props)
    .map(([key, value]) => ` ${key === "className" ? "class" : key.toLowerCase()}="${escape(String(value))}"`)
    .join("");
  return `<${name}${attributes}>${children.map(html).join("")}</${name}>`;
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
