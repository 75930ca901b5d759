import type { ShikiTransformer } from "shiki";

/**
 * `showLineNumbers` in a fence's meta marks its <pre>; the numbers themselves are CSS counters
 * (app/styles/markup.css), so they are never part of the code's text and copying leaves them out.
 */
export const transformerLineNumbers: ShikiTransformer = {
  name: "line-numbers",
  pre(node) {
    if (/(^|\s)showLineNumbers(\s|$)/.test(this.options.meta?.__raw ?? "")) node.properties["data-line-numbers"] = "";
  },
};
