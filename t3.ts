import { compileMdx } from "./server/mdx/compile";
const r = await compileMdx({ path: "docs/x.mdx", source: "---\nid: x\n---\n\n## Hi\n\n```move title=\"a.move\"\nmodule a::b {}\n```\n\n:::tip\nA tip.\n:::\n\n<Card title=\"x\" href=\"/y\">One line.</Card>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", files: {} });
console.log(JSON.stringify(r, null, 0));
