import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";

const secondGuide = (text: string) => page("guides/second", "Second Guide", `## Next\n\n${text}`, { sidebar: "guidesSidebar" });

describe("diffs, the changes feed and the MCP endpoint, on a repository pushed to with git", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  const commits = { first: "", second: "", third: "" };
  const get = (path: string) => fetch(server.url + path, { redirect: "manual" });
  const html = async (path: string) => (await get(path)).text();

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent()).write(secondGuide("Objects have owners."));
    commits.first = work.commit("First version");
    const bare = work.publishBare();
    work = WorkingCopy.clone(bare);
    work.write(secondGuide("Objects always have owners."));
    commits.second = work.commit("Say always");
    work.push();
    server = await startServer({ CONTENT_REPO: bare });
    await waitFor(async () => (await (await get("/api/status")).json()).commit === commits.second);
  });
  afterAll(async () => {
    if (process.env.DEBUG_SERVER) console.log(server?.output());
    await server?.stop();
  });

  describe("page diff", () => {
    it("shows the page's last change by default, marked word by word and naming both commits", async () => {
      const res = await get("/diff/guides/second");
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain("Objects <ins>always </ins>have owners.");
      expect(body).not.toContain("<del>");
      expect(body).toContain(commits.first.slice(0, 7));
      expect(body).toContain(commits.second.slice(0, 7));
    });

    it("swaps the marks when the commits are swapped", async () => {
      const body = await html(`/diff/guides/second?from=${commits.second}&to=${commits.first}`);
      expect(body).toContain("Objects <del>always </del>have owners.");
      expect(body).not.toContain("<ins>");
    });

    it("shows a created page as wholly added", async () => {
      const body = await html(`/diff/guides/second?to=${commits.first}`);
      expect(body).toContain("this change created the page");
      expect(body).toMatch(/<ins>[^<]*Objects have owners\./);
    });

    it.each([
      { path: "/diff/guides/second?from=zzz", status: 400, message: "?from=: &quot;zzz&quot; is not a commit id" },
      { path: "/diff/guides/second?to=12345678901234567890", status: 404, message: "not in the content repository" },
      { path: "/diff/guides/none", status: 404, message: "There is no page /guides/none" },
      { path: "/diff/guides/second?from=a&from=b", status: 400, message: "given more than once" },
      { path: "/diff/", status: 400, message: "Name a page" },
    ])("answers $path with $status", async ({ path, status, message }) => {
      const res = await get(path);
      expect(res.status).toBe(status);
      expect(await res.text()).toContain(message);
    });

    it("is linked from each entry of the page's history", async () => {
      const body = await html("/history/guides/second");
      expect(body).toContain(`href="/diff/guides/second?to=${commits.second}"`);
      expect(body).toContain(`href="/diff/guides/second?to=${commits.first}"`);
    });
  });

  describe("changes feed", () => {
    it("lists the content commits of the served branch, newest first, with the pages each changed linked to their diffs", async () => {
      const body = await html("/changes");
      expect(body.indexOf("Say always")).toBeGreaterThan(-1);
      expect(body.indexOf("Say always")).toBeLessThan(body.indexOf("First version"));
      expect(body).toContain(`href="/diff/guides/second?to=${commits.second}"`);
      expect((await get("/changes?page=0")).status).toBe(400);
      expect((await get("/changes?page=3")).status).toBe(404);
    });

    it("is an Atom 1.0 feed with absolute links", async () => {
      const res = await get("/changes.atom");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
      const entries = xml.split("<entry>").slice(1);
      expect(entries.map((e) => /<title>(.*)<\/title>/.exec(e)?.[1])).toEqual(["Say always", "First version"]);
      for (const entry of entries) {
        expect(entry).toMatch(/<id>tag:[^<]+<\/id>/);
        expect(entry).toMatch(/<updated>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/updated>/);
        expect(entry).toMatch(/<author><name>Test Author<\/name><\/author>/);
        expect(entry).toMatch(/<link rel="alternate" type="text\/html" href="http:\/\/[^"]+\/diff\//);
      }
    });

    it("shows a push as soon as it is live", async () => {
      work.write(secondGuide("Objects always have exactly one owner."));
      commits.third = work.commit("Exactly one owner");
      work.push();
      await waitFor(async () => (await html("/changes")).includes("Exactly one owner"));
      expect(await html("/changes.atom")).toContain("<title>Exactly one owner</title>");
    });
  });

  describe("MCP endpoint", () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: "test-client", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    });
    afterAll(() => client?.close());
    const text = (result: Awaited<ReturnType<Client["callTool"]>>) =>
      (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join("\n");

    it("offers search_docs, read_page and list_pages", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["list_pages", "read_page", "search_docs"]);
    });

    it("searches with titles, URLs and excerpts", async () => {
      const result = await client.callTool({ name: "search_docs", arguments: { query: "owners", limit: 3 } });
      expect(result.isError).toBeFalsy();
      expect(text(result)).toMatch(
        /^1\. Second Guide\n {3}http:\/\/[^/]+\/guides\/second\n {3}› Next: http:\/\/[^/]+\/guides\/second#next\n {5}.*owner/,
      );
    });

    it("reads a page as Markdown, and sees a push as soon as the page does", async () => {
      expect(text(await client.callTool({ name: "read_page", arguments: { id: "guides/second" } }))).toContain("exactly one owner");
      work.write(secondGuide("Every object has exactly one owner at a time."));
      work.commit("One owner at a time");
      work.push();
      await waitFor(async () => (await html("/guides/second")).includes("at a time"));
      expect(text(await client.callTool({ name: "read_page", arguments: { id: "/guides/second" } }))).toContain("at a time");
      const pinned = text(await client.callTool({ name: "read_page", arguments: { id: "guides/second", commit: commits.first } }));
      expect(pinned).toContain("Objects have owners.");
    });

    it("lists the pages of a section", async () => {
      const listed = text(await client.callTool({ name: "list_pages", arguments: { section: "guides" } }));
      expect(listed.split("\n").map((line) => line.split(" — ")[0])).toEqual(
        expect.arrayContaining(["guides", "guides/first", "guides/second"]),
      );
      expect(listed).not.toContain("references");
    });

    it("answers bad arguments with a tool error, and the session goes on", async () => {
      const cases = [
        { name: "read_page", arguments: { id: "no/such/page" }, message: 'There is no page "no/such/page"' },
        { name: "read_page", arguments: { id: 42 }, message: "id" },
        { name: "search_docs", arguments: { query: "x".repeat(500) }, message: "query" },
        { name: "search_docs", arguments: { query: "owner", commit: "not-a-commit" }, message: "is not a commit id" },
        { name: "list_pages", arguments: { section: "blog" }, message: "section" },
      ];
      for (const call of cases) {
        const result = await client.callTool({ name: call.name, arguments: call.arguments });
        expect(result.isError, call.name).toBe(true);
        expect(text(result)).toContain(call.message);
      }
      expect((await client.callTool({ name: "list_pages", arguments: {} })).isError).toBeFalsy();
    });

    it("refuses GET and oversized bodies with a message", async () => {
      const res = await get("/mcp");
      expect(res.status).toBe(405);
      expect((await res.json()).error).toMatch(/stateless/);
      const big = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "x".repeat(100_000),
      });
      expect(big.status).toBe(413);
    });
  });
});
