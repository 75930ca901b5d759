import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { cleanMarkdownBody } from "../server/markdown/index";
import { pageSections } from "../server/search/sections";

/**
 * Runs `task` over `items`, four at a time: the server compiles in a worker process while it renders
 * and sends another page, which one request at a time leaves idle.
 */
async function inTurns<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** The embedded content of the product, served the way `npm start` serves it (the run's shared server). */
describe("the embedded catalogue", () => {
  const site = inject("embeddedSiteUrl");
  let catalogue: Array<{ id: string; title: string; description: string; sidebar?: string }>;
  const html = new Map<string, string>();

  beforeAll(async () => {
    catalogue = await (await fetch(`${site}/api/catalogue`)).json();
    await inTurns(catalogue, async (entry) => {
      const res = await fetch(`${site}/${entry.id}`);
      html.set(entry.id, res.status === 200 ? await res.text() : `status ${res.status}`);
    });
    // Compiling every page cold takes about a minute on a quiet 2-core machine; the ceiling only
    // catches a hang (on a machine at load average 13 it took over 4 minutes).
  }, 600_000);

  const REQUIRED = [
    "guides",
    "guides/developer/getting-started/connect",
    "guides/developer/app-examples/weather-oracle",
    "guides/operator/validator-tasks",
    "concepts",
    "concepts/components",
    "concepts/graphql-rpc",
    "concepts/cryptography/transaction-auth/multisig",
    "concepts/tokenomics/gas-in-sui",
    "standards",
    "standards/coin",
    "standards/closed-loop-token/overview",
    "standards/deepbook/query-the-pool",
    "standards/kiosk-apps",
    "standards/wallet-standard",
    "references",
    "references/sui-api/rpc-best-practices",
    "references/cli/keytool",
    "references/sui-glossary",
    "references/move/move-lock",
    "references/sui-api/json-rpc-format",
    "references/sui-compared",
    "references/sui-framework-reference",
    "references/sui-security",
    "references/sui-api/graphql/reference/schema",
    "sui-api-ref",
    ...[
      "cli-check-install",
      "info-graphql-release",
      "info-pnpm-required",
      "initialize-sui-client-cli",
      "move-summary",
      "publish-to-devnet-with-coins",
      "staking-pool-reqs",
      "upgrade-single-key-risk",
    ].map((s) => `snippets/${s}`),
  ];

  it("has every page the spec names", () => {
    const ids = new Set(catalogue.map((e) => e.id));
    expect(REQUIRED.filter((id) => !ids.has(id))).toEqual([]);
  });

  it("answers 200 with its title and a body of real length for every page of the catalogue", () => {
    const broken = catalogue.filter((e) => {
      const page = html.get(e.id)!;
      const text = page.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
      return !page.includes(`<h1>${e.title.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</h1>`) || text.split(/\s+/).length < 150;
    });
    expect(broken.map((e) => e.id)).toEqual([]);
  });

  it("shows a Verified with line on exactly the pages whose frontmatter declares what their code was checked against", () => {
    const docs = path.resolve(import.meta.dirname, "../content/docs");
    const wrong: string[] = [];
    for (const entry of catalogue) {
      const file = path.join(docs, `${entry.id}.mdx`);
      if (!fs.existsSync(file)) continue;
      const declared = /^verified_with:\n((?: {2}.+\n)+)/m.exec(fs.readFileSync(file, "utf8").split(/^---$/m)[1] ?? "");
      const shown = /<p class="verified-with">([\s\S]*?)<\/p>/.exec(html.get(entry.id)!);
      const expected = declared
        ? [...declared[1]!.matchAll(/^\s+"?([^":]+)"?:\s*"([^"]+)"/gm)].map(
            ([, name, version]) => `${name === "sui" ? "Sui" : name} ${version}`,
          )
        : [];
      const got = shown ? [...shown[1]!.matchAll(/<code>([^<]*)<\/code>/g)].map(([, text]) => text!) : [];
      if (expected.join(", ") !== got.join(", "))
        wrong.push(`${entry.id}: frontmatter ${expected.join(", ") || "none"}, page shows ${got.join(", ") || "none"}`);
    }
    expect(wrong).toEqual([]);
  });

  it("puts every page where the spec says: standards and references in their sidebars, snippets and a few references full width", () => {
    const sidebarOf = new Map(catalogue.map((e) => [e.id, e.sidebar]));
    for (const e of catalogue) {
      if (e.id.startsWith("standards")) expect(e.sidebar, e.id).toBe("standardsSidebar");
      if (e.id.startsWith("references/sui-api/graphql/reference/")) expect(e.sidebar, e.id).toBe("referencesSidebar");
      if (e.id.startsWith("snippets/")) expect(e.sidebar, e.id).toBeUndefined();
    }
    for (const id of ["references/sui-api/json-rpc-format", "references/sui-compared", "references/sui-security"])
      expect(sidebarOf.get(id), id).toBeUndefined();
    expect(html.get("references/sui-compared")).toContain("doc-layout full-width");
  });

  it("states the facts of the spec exactly", () => {
    const text = (id: string) => html.get(id)!.replace(/<[^>]+>/g, "");
    expect(text("concepts/cryptography/transaction-auth/multisig")).toMatch(/at most 10/);
    expect(text("guides/developer/app-examples/weather-oracle")).toMatch(/every 10 minutes/);
    expect(text("guides/developer/app-examples/weather-oracle")).toMatch(/1,000/);
    expect(text("concepts/graphql-rpc")).toMatch(/end of January 2024/);
    expect(text("references/sui-api/graphql/reference/scalars/int")).toMatch(/-\(2\^31\)/);
    expect(text("references/sui-api/graphql/reference/scalars/sui-address")).toMatch(/66 characters/);
    const networks = text("guides/developer/getting-started/connect");
    for (const net of ["mainnet", "testnet", "devnet", "local"]) expect(networks).toContain(net);
    expect(text("guides/developer/getting-started/get-coins")).toMatch(/no faucet for mainnet|mainnet has no faucet|no mainnet faucet/i);
  });

  it("redirects every alias permanently to its page, dropping parameters no page reads", async () => {
    const aliases: Record<string, string> = {
      "deepbook-design": "standards/deepbook/design",
      "deepbook-orders": "standards/deepbook/orders",
      "deepbook-pools": "standards/deepbook/pools",
      "query-the-pool": "standards/deepbook/query-the-pool",
      "routing-a-swap": "standards/deepbook/routing-a-swap",
      "trade-and-swap": "standards/deepbook/trade-and-swap",
      "sui-glossary": "references/sui-glossary",
      "sui-sdks": "references/sui-sdks",
      "sui-move": "references/sui-move",
      "sui-security": "concepts/sui-architecture/sui-security",
    };
    for (const [alias, id] of Object.entries(aliases)) {
      const res = await fetch(`${site}/${alias}?x=1`, { redirect: "manual" });
      expect(res.status, alias).toBe(301);
      expect(res.headers.get("location")).toBe(`/${id}`);
    }
  });

  it("has no broken internal link on any page", async () => {
    const targets = new Set<string>();
    for (const page of html.values()) {
      for (const m of page.matchAll(/(?:href|src)="(\/[^"#?]*)/g))
        if (!m[1]!.startsWith("/build/") && m[1] !== "/favicon.svg") targets.add(m[1]!);
    }
    // The catalogue's pages were fetched above, each answer kept in `html`: only other targets are fetched.
    const crawled = new Map([...html].map(([id, page]) => [`/${id}`, page.startsWith("status ") ? Number(page.slice(7)) : 200]));
    const statuses = new Map([...targets].filter((target) => crawled.has(target)).map((target) => [target, crawled.get(target)!]));
    await inTurns(
      [...targets].filter((target) => !crawled.has(target)),
      async (target) => {
        const res = await fetch(site + target, { redirect: "manual" });
        await res.arrayBuffer();
        statuses.set(target, res.status);
      },
    );
    const broken = [...statuses].filter(([, status]) => status !== 200 && status !== 301).map(([target, status]) => `${target} ${status}`);
    expect(broken.sort()).toEqual([]);
  });

  it("serves sidebars as data that agree with the catalogue", async () => {
    const ids = new Set(catalogue.map((e) => e.id));
    for (const name of ["guidesSidebar", "conceptsSidebar", "standardsSidebar", "referencesSidebar"]) {
      const { items } = await (await fetch(`${site}/api/sidebars/${name}`)).json();
      const walk = (list: Array<{ type: string; docId?: string; items?: unknown[]; collapsed?: boolean; collapsible?: boolean }>): void => {
        for (const item of list) {
          if (item.docId) {
            expect(ids.has(item.docId), item.docId).toBe(true);
            expect(catalogue.find((e) => e.id === item.docId)!.sidebar, item.docId).toBe(name);
          }
          if (item.type === "category") {
            expect(item.collapsed).toBe(true);
            expect(item.collapsible).toBe(true);
            walk(item.items as never);
          }
        }
      };
      walk(items);
    }
  });

  it("gives every search section an anchor that exists on its rendered page", () => {
    const root = path.resolve(import.meta.dirname, "../content");
    const snippets = Object.fromEntries(
      fs.readdirSync(path.join(root, "snippets")).map((f) => [`snippets/${f}`, fs.readFileSync(path.join(root, "snippets", f), "utf8")]),
    );
    const missing: string[] = [];
    let sections = 0;
    // Search indexes a page's clean Markdown, snippets inlined, as the server's MarkdownService makes it; snippets are not indexed on their own.
    for (const { id, title } of catalogue.filter((e) => !e.id.startsWith("snippets/"))) {
      const file = path.join(root, `docs/${id}.mdx`);
      if (!fs.existsSync(file)) continue; // generated pages
      const markdown = cleanMarkdownBody({ path: `docs/${id}.mdx`, source: fs.readFileSync(file, "utf8"), files: snippets });
      for (const section of pageSections(id, title, markdown)) {
        sections++;
        // Ids that need no quotes are written without them.
        const anchor = section.anchor && new RegExp(`\\sid="?${section.anchor.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[" >]`);
        if (anchor && !anchor.test(html.get(id)!)) missing.push(`${id}#${section.anchor}`);
      }
    }
    expect(sections).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });

  it("generates a GraphQL reference page for every type of the schema file, each type link resolving", () => {
    const sdl = fs.readFileSync(path.resolve(import.meta.dirname, "../content/schemas/sui.graphql"), "utf8");
    const names = [...sdl.matchAll(/^(?:type|scalar|enum|union|input|interface)\s+(\w+)/gm)]
      .map((m) => m[1]!)
      .filter((n) => n !== "Query" && n !== "Mutation");
    const ids = new Set(catalogue.map((e) => e.id));
    const missing = names.filter(
      (n) =>
        ![...ids].some((id) => id.startsWith("references/sui-api/graphql/reference/") && catalogue.find((e) => e.id === id)!.title === n),
    );
    expect(missing).toEqual([]);
    const gas = html.get("references/sui-api/graphql/reference/objects/gas-cost-summary")!;
    expect(gas).toContain('href="/references/sui-api/graphql/reference/scalars/big-int"');
    expect(gas).toContain("Returned by");
  });
});

describe("the embedded content sources", () => {
  it("declares a language on every code block", () => {
    const root = path.resolve(import.meta.dirname, "../content");
    const missing: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".mdx")) {
          let open = false;
          for (const [n, line] of fs.readFileSync(full, "utf8").split("\n").entries()) {
            const fence = /^\s*```+(.*)$/.exec(line);
            if (!fence) continue;
            if (!open && !fence[1]!.trim()) missing.push(`${path.relative(root, full)}:${n + 1}`);
            open = open ? fence[1]!.trim() !== "" : true;
          }
        }
      }
    };
    walk(path.join(root, "docs"));
    walk(path.join(root, "snippets"));
    expect(missing).toEqual([]);
  });
});
