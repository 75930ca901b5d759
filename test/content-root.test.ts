import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentEngine } from "../server/engine";
import { GitStore } from "../server/git/store";
import { git, page, sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";
import { client, type Status } from "./helpers/site";

const ROOT = "docs/content";
const under = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([p, text]) => [`${ROOT}/${p}`, text]));
const second = (text: string) => under(page("guides/second", "Second Guide", `## Next\n\n${text}`, { sidebar: "guidesSidebar" }));

/** Subjects of the commits listed on a history page, newest first. */
const subjects = (html: string) => [...html.matchAll(/<code>[0-9a-f]{7}<\/code> (?:<!-- -->)?([^<]+)</g)].map((m) => m[1]);

describe("CONTENT_ROOT: content in a folder of a larger repository (docs/content of a monorepo)", () => {
  let work: WorkingCopy;
  let bare: string;
  let server: RunningServer;
  let site: ReturnType<typeof client>;
  const dataDir = tempDir("sui-docs-data-");
  const env = () => ({
    CONTENT_REPO: bare,
    CONTENT_ROOT: ROOT,
    DATA_DIR: dataDir,
    EDIT_URL_BASE: "https://github.com/example/mono/edit/main",
  });

  beforeAll(async () => {
    work = WorkingCopy.init().write({ ...under(sampleContent()), "src/main.rs": "fn main() {}\n", "README.md": "A monorepo\n" });
    work.commit("Monorepo with docs");
    work.write(second("The first edit of the page."));
    work.commit("Edit the second guide");
    bare = work.publishBare();
    server = await startServer(env());
    site = client(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const push = async (files: Record<string, string>, message: string) => {
    work.write(files);
    const oid = work.commit(message);
    work.push();
    await waitFor(async () => (await site.status()).commit === oid);
    return oid;
  };

  it("serves pages, Markdown twins and edit links from the content root", async () => {
    const html = await site.text("/guides/second");
    expect(html).toContain("The first edit of the page.");
    expect(html).toContain('href="https://github.com/example/mono/edit/main/docs/content/docs/guides/second.mdx"');
    expect(await site.text("/guides/second.md")).toContain("The first edit of the page.");
    expect(subjects(await site.text("/history/guides/second"))).toEqual(["Edit the second guide", "Monorepo with docs"]);
  });

  it("a commit outside the content root goes live but changes no page and compiles nothing", async () => {
    await site.text("/guides/second");
    await site.text("/guides/first");
    const before: Status = await site.status();
    const code = await push({ "src/main.rs": 'fn main() { println!("changed"); }\n' }, "Change code only");
    const after: Status = await site.status();
    expect(after.commit).toBe(code);
    expect(after.compiles).toBe(before.compiles);
    const html = await site.text("/guides/second");
    expect(html).toContain("The first edit of the page.");
    expect(after.compiles).toBe((await site.status()).compiles);
    expect(subjects(await site.text("/history/guides/second"))).toEqual(["Edit the second guide", "Monorepo with docs"]);
  });

  it("a commit inside the content root changes the page and its history", async () => {
    await push(second("Pushed into the content root."), "Second edit of the page");
    expect(await site.text("/guides/second")).toContain("Pushed into the content root.");
    expect(subjects(await site.text("/history/guides/second"))).toEqual([
      "Second edit of the page",
      "Edit the second guide",
      "Monorepo with docs",
    ]);
  });

  it("refuses ?commit= for a commit that is not part of the served branch", async () => {
    git(work.dir, "checkout", "-q", "-b", "elsewhere");
    work.write(second("Only on another branch."));
    const other = work.commit("Not on main");
    git(work.dir, "push", "-q", "origin", "elsewhere");
    git(work.dir, "checkout", "-q", "main");
    const res = await site.get(`/guides/second?commit=${other}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("not part of the served branch");
    const first = git(work.dir, "rev-list", "--max-parents=0", "main");
    expect((await site.get(`/guides/second?commit=${first}`)).status).toBe(200);
  });

  it("a restart loads the saved history index instead of rebuilding it", async () => {
    const history = subjects(await site.text("/history/guides/second"));
    expect(server.output()).toMatch(/history index: built/);
    await server.stop();
    server = await startServer(env());
    site = client(server);
    expect(subjects(await site.text("/history/guides/second"))).toEqual(history);
    expect(server.output()).toMatch(/history index: loaded \d+ commits/);
    expect(server.output()).not.toMatch(/history index: built/);
  });
});

describe("the engine under a content root", () => {
  it("shares one snapshot's content among commits that leave the root unchanged; a data file has its own history", async () => {
    const work = WorkingCopy.init().write({ ...under(sampleContent()), [`${ROOT}/schemas/api.json`]: '{"v":1}', "src/a.rs": "1" });
    const first = work.commit("First");
    const code = work.write({ "src/a.rs": "2" }).commit("Code only");
    const schema = work.write({ [`${ROOT}/schemas/api.json`]: '{"v":2}' }).commit("Schema v2");
    const engine = new ContentEngine(new GitStore(`${work.dir}/.git`, { contentRoot: ROOT, servedRef: "refs/heads/main", log: () => {} }));

    const a = await engine.snapshot(first);
    const b = await engine.snapshot(code);
    expect(engine.contentBuilds).toBe(1);
    expect(b.files).toBe(a.files);
    expect(b.catalogue).toBe(a.catalogue);
    expect([...a.files.keys()]).toContain("docs/guides/second.mdx");

    // Generated pages ask for the history of their data file (page.sourcePath), like this.
    const c = await engine.snapshot(schema);
    expect(engine.contentBuilds).toBe(2);
    expect((await engine.history(c, "schemas/api.json")).commits.map((x) => x.subject)).toEqual(["Schema v2", "First"]);
    expect((await engine.history(b, "schemas/api.json")).commits.map((x) => x.subject)).toEqual(["First"]);
  });
});
