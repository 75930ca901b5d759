/**
 * Cold compile and warm render time of one page of the embedded content, median of N runs.
 * Usage: npx tsx scripts/measure-render.ts [page id] [runs]
 * Run `npm run serve` once first (or any start) so .data/content.git exists.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import * as MdxJsReact from "@mdx-js/react";
import { getMDXComponent } from "mdx-bundler/client/index.js";
import { ContentEngine } from "../server/engine";
import { GitStore } from "../server/git/store";
import { generators } from "../server/generators";

const id = process.argv[2] ?? "concepts/cryptography/transaction-auth/multisig";
const runs = Number(process.argv[3] ?? 20);
const store = new GitStore(".data/content.git");
const head = await store.resolveRef("refs/heads/main");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const cold: number[] = [];
let code = "";
for (let i = 0; i <= runs; i++) {
  const engine = new ContentEngine(store, { generators });
  const snapshot = await engine.snapshot(head);
  const start = performance.now();
  code = (await engine.compile(snapshot, engine.page(snapshot, id))).code;
  if (i > 0) cold.push(performance.now() - start); // run 0 starts esbuild and loads Shiki grammars
}
const warm: number[] = [];
const Content = getMDXComponent(code, { MdxJsReact });
// Plain stand-ins for the site's components: this measures MDX rendering, not the app's layout.
const plain = (tag: string) => (props: { children?: unknown }) => createElement(tag, null, props.children as never);
const components = { Admonition: plain("aside"), Tabs: plain("div"), TabItem: plain("div"), Cards: plain("div"), Card: plain("div"), Steps: plain("div"), Badge: plain("span") };
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  renderToString(createElement(MdxJsReact.MDXProvider, { components }, createElement(Content)));
  warm.push(performance.now() - start);
}
console.log(`${id}: cold compile median ${median(cold).toFixed(1)} ms, warm render median ${median(warm).toFixed(2)} ms (${runs} runs each)`);
