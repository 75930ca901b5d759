import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, page, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";
import { client, secondGuide, type Status } from "./helpers/site";

/** About `bytes` of prose in one-line paragraphs of random words: no two texts share a line. */
function prose(bytes: number, char = ""): string {
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const words = [...randomBytes(12)].map((b) => `${char}w${b.toString(36)}${(b * 7919).toString(36)}`);
    const line = `${words.join(" ")}.`;
    lines.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  return lines.join("\n\n");
}

interface CacheStats {
  bytes: number;
  maxBytes: number;
  entries: number;
}
type FullStatus = Status & { memory: { caches: Record<string, CacheStats> } };

describe("costly work a reader can cause is capped: page size, diffs, MCP", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let site: ReturnType<typeof client>;
  /** A commit of the served branch that has a page over the cap (refused by the publish check). */
  let oversized = "";
  const status = async () => (await site.get("/api/status")).json() as Promise<FullStatus>;
  /** Pushes the working copy's HEAD to a branch of the served repository, for ?ref= and ?commit=. */
  const pushTo = (branch: string) => git(work.dir, "push", "-q", "--force", "origin", `HEAD:refs/heads/${branch}`);

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    const bare = work.publishBare();
    work = WorkingCopy.clone(bare);
    // What this checks is the caps, not the time limits: a compile limit far above the default keeps
    // a busy machine from refusing the pages of 0.9 MB and 12,000 paragraphs (converting the latter
    // for a diff answered 500 once, past 20 s, on a loaded 2-core machine).
    server = await startServer({ CONTENT_REPO: bare, COMPILE_TIMEOUT: "200" });
    site = client(server);
    expect((await site.get("/guides/second")).status).toBe(200);
  });
  afterAll(async () => {
    if (process.env.DEBUG_SERVER) console.log(server?.output());
    await server?.stop();
  });

  describe("a page over the 1 MB cap", () => {
    it("is refused at publishing with the file, its size, the cap and what to do; the live site keeps its commit", async () => {
      const live = (await status()).commit;
      const files = page("guides/big", "Big Guide", prose(1_200_000));
      work.write(files);
      const bytes = Buffer.byteLength(files["docs/guides/big.mdx"]!);
      oversized = work.commit("A page over the cap");
      work.push();
      await waitFor(async () => (await status()).lastError?.commit === oversized);
      const after = await status();
      expect(after.commit).toBe(live);
      expect(after.lastError?.file).toBe("docs/guides/big.mdx");
      expect(after.lastError?.message).toContain(`(${bytes.toLocaleString("en-US")} bytes), over the 1 MB cap (1,048,576 bytes)`);
      expect(after.lastError?.message).toContain("split the page");
      expect((await site.get("/guides/big")).status).toBe(404);
      expect(await site.text("/guides/second")).toContain("Second Guide");

      // Taken out again, so the live branch publishes what follows.
      git(work.dir, "rm", "-q", "docs/guides/big.mdx");
      const fixed = work.commit("Take the big page out");
      work.push();
      await waitFor(async () => (await status()).commit === fixed);
    });

    it("answers why at ?ref= and ?commit=, on every request, without compiling it", async () => {
      git(work.dir, "checkout", "-q", "-b", "big");
      work.write(page("guides/big", "Big Guide", prose(1_100_000)));
      work.commit("A page over the cap, on a branch");
      pushTo("big");
      git(work.dir, "checkout", "-q", "main");
      const compiles = (await status()).compiles;
      for (const path of ["/guides/big?ref=big", "/guides/big?ref=big"]) {
        const res = await site.get(path);
        expect(res.status, path).toBe(500);
        const body = await res.text();
        expect(body, path).toContain("This page is too large to show");
        expect(body, path).toContain("over the 1 MB cap (1,048,576 bytes): split the page");
      }
      // At ?commit=, the served branch's commit that the publish check refused is not shown at all, and says why.
      const refused = await site.get(`/guides/big?commit=${oversized}`);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("over the 1 MB cap (1,048,576 bytes): split the page");
      expect((await status()).compiles).toBe(compiles);
    });

    it("counts the snippets a page imports with it", async () => {
      const live = (await status()).commit;
      work.write({
        ...page("snippets/long", "Long snippet", prose(600_000)),
        ...page("guides/combined", "Combined Guide", `import Long from '@site/snippets/long.mdx';\n\n${prose(600_000)}\n\n<Long />`),
      });
      const commit = work.commit("A page under the cap with a snippet that takes it over");
      work.push();
      await waitFor(async () => (await status()).lastError?.commit === commit);
      const after = await status();
      expect(after.commit).toBe(live);
      expect(after.lastError?.file).toBe("docs/guides/combined.mdx");
      expect(after.lastError?.message).toMatch(/^the page with the snippets it imports is [\d.]+ MB \([\d,]+ bytes\), over the 1 MB cap/);
      git(work.dir, "reset", "-q", "--hard", "HEAD~1");
      git(work.dir, "push", "-q", "--force", "origin", "HEAD:main");
    });
  });

  describe("diffs and MCP answers of large pages", () => {
    const commits = { v1: "", v2: "", v3: "" };
    const paragraphs = (count: number) => Array.from({ length: count }, (_, i) => `p${i}`).join("\n\n");

    beforeAll(async () => {
      work.write(page("guides/huge", "Huge Guide", prose(900_000)));
      commits.v1 = work.commit("A large page");
      // Pushed with the next: the live site checks (compiles) only the tip.
      work.write({
        ...page("guides/huge", "Huge Guide", prose(900_000)),
        ...page("guides/wide", "Wide Guide", prose(300_000, "é")),
        ...page("guides/many-lines", "Many Lines", paragraphs(12_000)),
        ...secondGuide("Objects always have owners."),
      });
      commits.v2 = work.commit("The large page rewritten, and two more");
      // Taken out again at the tip, so publishing does not compile it: the diff reads it at v1 and v2.
      git(work.dir, "rm", "-q", "docs/guides/huge.mdx");
      commits.v3 = work.commit("The large page taken out");
      work.push();
      await waitFor(async () => (await status()).commit === commits.v3, 100_000, 200);
      // The live search index is built from every page's Markdown in the worker: let it finish, so
      // the reader's latency below is measured beside the diff alone.
      expect((await site.get("/api/search?q=huge")).status).toBe(200);
    });

    /** Latencies of /api/status, a request every 100 ms (a reader, not a load), until `until` settles. */
    async function readerLatencies(until: Promise<unknown>): Promise<number[]> {
      let settled = false;
      void until.finally(() => (settled = true));
      const latencies: number[] = [];
      while (!settled) {
        const started = performance.now();
        await (await site.get("/api/status")).arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return latencies;
    }
    const summary = (ms: number[]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return `${ms.length} requests, median ${sorted[sorted.length >> 1]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
    };

    it("diffs two large, very different versions off the request thread, admitting one per client, and says it changed too much", async () => {
      const path = `/diff/guides/huge?from=${commits.v1}&to=${commits.v2}`;
      const before = await readerLatencies(new Promise((resolve) => setTimeout(resolve, 1_000)));
      const diff = site.get(path);
      // The same two versions swapped: another diff from the same client, while the first is computed.
      const swapped = site.get(`/diff/guides/huge?from=${commits.v2}&to=${commits.v1}`);
      const during = await readerLatencies(Promise.all([diff, swapped]));
      console.log(`a reader of /api/status before a diff: ${summary(before)}; during it: ${summary(during)}`);
      const answers = await Promise.all([diff, swapped]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
      const refused = answers.find((a) => a.status === 429)!;
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain("You already have 1 diffs under way");
      const body = await answers.find((a) => a.status === 200)!.text();
      expect(body).toMatch(/This page changed too much to show a diff: [\d,]+ lines changed, more than a diff shows/);
      expect(body).toContain(`href="/guides/huge?commit=${commits.v1}"`);
      expect(body).toContain(`href="/guides/huge?commit=${commits.v2}"`);
    });

    it("answers a repeated diff from the cache, which needs no admission while another diff is computed", async () => {
      const path = `/diff/guides/huge?from=${commits.v1}&to=${commits.v2}`;
      // Refused above, so computed now: the one diff this client may have under way.
      const swapped = site.get(`/diff/guides/huge?from=${commits.v2}&to=${commits.v1}`);
      const repeats = await Promise.all([site.get(path), site.get(path)]);
      expect(repeats.map((r) => r.status)).toEqual([200, 200]);
      for (const repeat of repeats) expect(await repeat.text()).toContain("This page changed too much to show a diff");
      expect((await swapped).status).toBe(200);

      // A diff that is shown is kept too.
      const shown = `/diff/guides/second?from=${commits.v1}&to=${commits.v2}`;
      const first = await site.get(shown);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain("Objects always have owners.");
      const cached = (await status()).memory.caches.pageDiffs!;
      expect(cached.entries).toBeGreaterThanOrEqual(2);
      expect(cached.bytes).toBeLessThanOrEqual(cached.maxBytes);
      const again = await Promise.all([site.get(shown), site.get(shown), site.get(shown)]);
      expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    });

    it("refuses a diff whose version is over its line cap with the clear message", async () => {
      const res = await site.get("/diff/guides/many-lines");
      const body = await res.text();
      expect(res.status, body.slice(-2000)).toBe(200);
      expect(body).toMatch(/This page changed too much to show a diff: one version has [\d,]+ lines; a diff compares at most 20,000/);
    });

    /** Posts JSON-RPC to /mcp as an MCP client would (stateless Streamable HTTP). */
    const mcp = (body: unknown) =>
      site.get("/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify(body),
      });
    const call = (id: number, name: string, args: Record<string, unknown>) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name, arguments: args },
    });
    interface RpcAnswer {
      id: number | null;
      result?: { content: Array<{ text: string }>; isError?: boolean };
      error?: { code: number; message: string };
    }

    it("refuses an MCP batch of more than 10 calls with a JSON-RPC error", async () => {
      const res = await mcp(Array.from({ length: 11 }, (_, i) => call(i + 1, "list_pages", {})));
      expect(res.status).toBe(400);
      const answer = (await res.json()) as RpcAnswer;
      expect(answer.error?.code).toBe(-32600);
      expect(answer.error?.message).toBe("A batch may hold at most 10 calls; this one holds 11: send them in smaller batches.");
      const ten = (await (await mcp(Array.from({ length: 10 }, (_, i) => call(i + 1, "list_pages", {})))).json()) as RpcAnswer[];
      expect(ten.map((a) => a.result?.content[0]?.text.includes("guides/wide — Wide Guide"))).toEqual(Array(10).fill(true));
    });

    it("reads a long page in parts, and answers a batch whose answer is over 1 MB with a JSON-RPC error for each call", async () => {
      const whole = await site.text("/guides/wide.md");
      const parts: string[] = [];
      for (let offset = 0; ;) {
        const answer = (await (await mcp(call(1, "read_page", { id: "guides/wide", offset }))).json()) as RpcAnswer;
        const text = answer.result!.content[0]!.text;
        const next = /\[\d+ more characters: call read_page with id "guides\/wide" and offset (\d+)\]$/.exec(text);
        if (!next) {
          parts.push(text);
          break;
        }
        expect(text.length).toBeLessThan(100_200);
        // The part is the characters from offset to the next one; the line before the note is the page's.
        parts.push(text.slice(0, Number(next[1]) - offset));
        offset = Number(next[1]);
      }
      expect(parts.length).toBeGreaterThan(2);
      expect(parts.join("")).toBe(whole);

      const res = await mcp(Array.from({ length: 10 }, (_, i) => call(i + 1, "read_page", { id: "guides/wide" })));
      const answers = (await res.json()) as RpcAnswer[];
      expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const answer of answers) {
        expect(answer.error?.code).toBe(-32000);
        expect(answer.error?.message).toMatch(
          /^The answer would be \d+ bytes, over the 1048576-byte cap of one answer: send fewer calls in a batch/,
        );
      }
    });
  });
});
