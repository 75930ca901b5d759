import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { remarkAdmonitions } from "./remark-admonitions";
import { remarkNpm2yarn } from "./remark-npm2yarn";

/**
 * The pages' syntax: MDX, `$…$` math, GFM, `:::` admonitions (as <Admonition> elements) and
 * npm2yarn fences (as package-manager tabs). The compiler and the clean-Markdown converter both
 * parse with it, so they never disagree on what a page says.
 */
export const mdxParser = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkMath) // after remark-mdx: braces inside $…$ stay TeX, never MDX expressions
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkAdmonitions)
  .use(remarkNpm2yarn);
