import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { commandLines } from "./helpers/processes";
import { runToExit, startServer, waitFor, type RunningServer } from "./helpers/server";

describe("production server on a local content repository", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let firstCommit: string;

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    firstCommit = work.commit("First version");
    server = await startServer({
      CONTENT_REPO: work.publishBare(),
      SITE_NAME: "Test Docs",
      SOURCE_REPO_URL: "https://git.example/docs-site",
      // One worker, as on a 2-core machine: the start-up work must not need a second.
      SUI_DOCS_WORKER_PROCESSES: "1",
    });
  });
  afterAll(() => server?.stop());

  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });

  it("does its start-up work (the search index, then the live commit's links) on its one compile worker", async () => {
    const status = async () =>
      (await (await get("/api/status")).json()) as {
        search: { servingCommit?: string };
        memory: { caches: Record<string, { entries: number }> };
      };
    await waitFor(async () => {
      const { search, memory } = await status();
      return search.servingCommit === firstCommit && memory.caches.linkScans!.entries > 0;
    });
    // A link read sent beside the index build held the only worker while the index waited, which
    // started the reserved worker (a process and its grammars) at every start.
    expect(commandLines(server.pid).filter((line) => line.includes("workers/jobs.js"))).toHaveLength(1);
  });

  it("renders a page with its sidebar, breadcrumbs, snippet and highlighted code", async () => {
    const res = await get("/guides/first");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>First Guide · Test Docs</title>");
    expect(html).toContain('property="og:site_name" content="Test Docs"');
    expect(html).toContain('name="description" content="About first guide, for tests."');
    expect(html).toContain("Hello from the snippet.");
    expect(html).toMatch(/<pre class=shiki /);
    expect(html).toContain('data-title="sources/a.move"');
    expect(html).toContain('class="admonition admonition-tip"');
    expect(html).toContain('aria-label="Section navigation"');
    expect(html).toContain('aria-label="Breadcrumbs"');
  });

  it("renders a page with no sidebar full width", async () => {
    const html = await (await get("/guides")).text();
    expect(html).toContain("doc-layout full-width");
    expect(html).not.toContain('aria-label="Section navigation"');
  });

  it("serves the landing page with the four sections and /healthz", async () => {
    const html = await (await get("/")).text();
    for (const section of ["Guides", "Concepts", "Standards", "References"]) expect(html).toContain(`<h2>${section}</h2>`);
    const health = await get("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
  });

  it("answers an unknown page with the site's 404 page and links back", async () => {
    const res = await get("/guides/does-not-exist");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("<title>Page not found · Test Docs</title>");
    expect(html).toContain("There is no page at /guides/does-not-exist.");
    expect(html).toContain('<a data-discover="true" href="/guides">See Guides</a>');
    // The top bar of the error page links the configured repository, as every page's does.
    expect(html).toContain('class="source-link" href="https://git.example/docs-site"');
  });

  it.each([
    "/guides/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2fetc%2fpasswd",
    "/guides%2ffirst",
    "/guides/first%00",
    "/guides/%5c..%5c",
    `/${"x".repeat(2000)}`,
    "/.git/HEAD",
    "/docs/guides.mdx",
    "/sidebars/guides.json",
  ])("refuses %s with 400 or 404, never a file of the repository", async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    const body = await res.text();
    expect(body).not.toContain("ref: refs/heads");
    expect(body).not.toContain('"type":"doc"');
  });

  it("serves a page's clean Markdown at the same route with .md", async () => {
    const res = await get("/guides/second.md");
    expect(res.headers.get("content-type")).toContain("text/markdown");
    const markdown = await res.text();
    expect(markdown).toMatch(/^# Second Guide\n\n> /);
    expect(markdown).not.toContain("id: guides/second");
    expect(markdown).toContain("| a | b |");
  });

  it("redirects an alias permanently, keeping the commit, spelt in full", async () => {
    const res = await get(`/second?commit=${firstCommit.slice(0, 7)}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/guides/second?commit=${firstCommit}`);
  });

  it("serves the catalogue, sidebars and version as data", async () => {
    const catalogue = (await (await get("/api/catalogue")).json()) as Array<{ id: string; sidebar?: string }>;
    expect(catalogue).toContainEqual({
      id: "guides/first",
      title: "First Guide",
      description: "About first guide, for tests.",
      sidebar: "guidesSidebar",
    });
    const sidebar = await (await get("/api/sidebars/referencesSidebar")).json();
    expect(sidebar.items).toEqual([
      { type: "link", label: "References", href: "/references", docId: "references" },
      { type: "link", label: "Sui", href: "https://sui.io" },
    ]);
    expect((await get("/api/sidebars/nope")).status).toBe(404);
    expect(await (await get("/api/version")).json()).toMatchObject({ label: "Next", version: "current", noIndex: false, isLast: true });
  });
});

describe("start command with a bad configuration", () => {
  it("exits non-zero with one clear line when the repository is unreachable", async () => {
    const { code, output } = await runToExit({ CONTENT_REPO: "http://127.0.0.1:9/nowhere.git" });
    expect(code).not.toBe(0);
    expect(output).toMatch(/sui-docs: cannot clone http:\/\/127\.0\.0\.1:9\/nowhere\.git/);
  });

  it("exits non-zero when the branch does not exist", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("Only main");
    const { code, output } = await runToExit({ CONTENT_REPO: work.dir, CONTENT_BRANCH: "gh-pages" });
    expect(code).not.toBe(0);
    expect(output).toMatch(/sui-docs: branch "gh-pages" does not exist/);
  });

  it("exits non-zero when the data directory is not writable", async () => {
    const file = `${tempDir()}/a-file`;
    await import("node:fs").then((fs) => fs.writeFileSync(file, ""));
    const { code, output } = await runToExit({ DATA_DIR: `${file}/data` });
    expect(code).not.toBe(0);
    expect(output).toMatch(/sui-docs: DATA_DIR .* is not writable/);
  });
});
