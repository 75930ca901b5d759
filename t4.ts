import { WorkerPool } from "./server/workers/pool";
const pool = new WorkerPool({ threads: 2 });
const t = performance.now();
const r = await pool.run("compile", { path: "docs/x.mdx", source: "## Hi\n\n```ts\nconst a = process.env;\n```\n", files: {} }, 20000);
console.log(performance.now() - t, r.ok, JSON.stringify(r).slice(0, 200));
const bad = await pool.run("compile", { path: "docs/x.mdx", source: "## Hi\n\nexport const a = 1;\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n{process.env.X}\n", files: {} }, 20000);
console.log(JSON.stringify(bad));
await pool.close();
