import { beforeAll, describe, expect, it, vi } from "vitest";
import { ContentEngine } from "../server/engine";
import { CatFile } from "../server/git/cat-file";
import { GitStore } from "../server/git/store";
import { navigationFor } from "../server/content/sidebars";
import { BadRequestError, CompileError, NotFoundError } from "../server/errors";
import { git, page, sampleContent, WorkingCopy } from "./helpers/git";

describe("content engine on a real Git repository", () => {
  let work: WorkingCopy;
  let first: string;
  let second: string;
  /** A commit after `second` that changes no file. */
  let unchanged: string;

  beforeAll(() => {
    work = WorkingCopy.init().write(sampleContent());
    first = work.commit("First version");
    work.write(page("guides/second", "Second Guide", "## Next\n\nRewritten in the second commit.", { sidebar: "guidesSidebar" }));
    second = work.commit("Second version");
    git(work.dir, "commit", "-q", "--allow-empty", "-m", "Change nothing");
    unchanged = git(work.dir, "rev-parse", "HEAD");
  });

  const newEngine = () => new ContentEngine(new GitStore(`${work.dir}/.git`));

  it("compiles a page at the live commit, with its snippet, code and admonition", async () => {
    const engine = newEngine();
    const snapshot = await engine.snapshot(second);
    const compiled = (await engine.compile(snapshot, engine.page(snapshot, "guides/first"))).html;
    expect(compiled).toContain("Hello from the snippet");
    expect(compiled).toContain("shiki");
    expect(compiled).toContain('<aside class="admonition admonition-tip"');
    expect((await engine.compile(snapshot, engine.page(snapshot, "guides/first"))).toc).toEqual([
      { id: "install", text: "Install", depth: 2 },
    ]);
  });

  it("reads a page as it was at an older commit", async () => {
    const engine = newEngine();
    const old = await engine.compile(await engine.snapshot(first), engine.page(await engine.snapshot(first), "guides/second"));
    const now = await engine.compile(await engine.snapshot(second), engine.page(await engine.snapshot(second), "guides/second"));
    expect(now.html).toContain("Rewritten in the second commit");
    expect(old.html).not.toContain("Rewritten");
  });

  it("serves the second read from cache, and unchanged pages across commits compile once", async () => {
    const engine = newEngine();
    const a = await engine.snapshot(first);
    const b = await engine.snapshot(second);
    await engine.compile(a, engine.page(a, "guides/first"));
    await engine.compile(a, engine.page(a, "guides/first"));
    await engine.compile(b, engine.page(b, "guides/first"));
    expect(engine.compiles).toBe(1);
  });

  it("compiles once for ten concurrent cold requests", async () => {
    const engine = newEngine();
    const snapshot = await engine.snapshot(second);
    const results = await Promise.all(Array.from({ length: 10 }, () => engine.compile(snapshot, engine.page(snapshot, "guides/first"))));
    expect(engine.compiles).toBe(1);
    expect(new Set(results.map((r) => r.html)).size).toBe(1);
  });

  it("builds a commit's snapshot once, shares it with commits of the same tree, and reads from Git only what a commit changed", async () => {
    const engine = newEngine();
    const reads: string[] = [];
    const original = CatFile.prototype.read;
    const read = vi.spyOn(CatFile.prototype, "read").mockImplementation(function (this: CatFile, name: string) {
      reads.push(name);
      return original.call(this, name);
    });
    try {
      await engine.snapshot(first);
      expect(reads).toContain(first);

      // The second commit changed one page: its commit, the trees on the way to the page and the page are all it reads.
      reads.length = 0;
      const snapshot = await engine.snapshot(second);
      const changed = ["^{tree}", ":docs", ":docs/guides", ":docs/guides/second.mdx"].map((p) => git(work.dir, "rev-parse", second + p));
      expect(reads.sort()).toEqual([second, ...changed].sort());

      reads.length = 0;
      // A snapshot asked for again is its content from the cache, not a build: the same catalogue, no reads.
      expect((await engine.snapshot(second)).catalogue).toBe(snapshot.catalogue);
      expect(reads).toEqual([]);
      expect(engine.contentBuilds).toBe(2);

      // A commit that changes nothing under the content root reuses its parent's content.
      const same = await engine.snapshot(unchanged);
      expect(same.commit.oid).toBe(unchanged);
      expect(same.files).toBe(snapshot.files);
      expect(same.catalogue).toBe(snapshot.catalogue);
      expect(engine.contentBuilds).toBe(2);
    } finally {
      read.mockRestore();
    }
  });

  it("throws NotFoundError for an unknown page and a typed error for bad commits", async () => {
    const engine = newEngine();
    const snapshot = await engine.snapshot(second);
    expect(() => engine.page(snapshot, "guides/nope")).toThrow(NotFoundError);
    await expect(engine.store.resolveCommit("xyz")).rejects.toThrow(BadRequestError);
    await expect(engine.store.resolveCommit("123456")).rejects.toThrow(BadRequestError);
    await expect(engine.store.resolveCommit("deadbeefdeadbeef")).rejects.toThrow(NotFoundError);
    expect(await engine.store.resolveCommit(first.slice(0, 7))).toBe(first);
  });

  it("builds the catalogue, aliases and sidebars with breadcrumbs and previous/next", async () => {
    const engine = newEngine();
    const snapshot = await engine.snapshot(first);
    expect(snapshot.problems).toEqual([]);
    expect(snapshot.catalogue.aliases.get("second")).toBe("guides/second");
    const sidebar = snapshot.sidebars.get("guidesSidebar")!;
    expect(sidebar[1]).toMatchObject({ type: "category", label: "Basics", href: "/guides/first", collapsed: true, collapsible: true });
    expect(navigationFor(sidebar, "guides/second")).toEqual({
      breadcrumbs: [{ label: "Basics", href: "/guides/first" }],
      previous: { label: "Basics", href: "/guides/first" },
      next: undefined,
    });
  });

  it("reports broken pages and sidebars as problems, and a broken MDX page as a CompileError", async () => {
    const broken = WorkingCopy.init()
      .write(sampleContent())
      .write(page("guides/bad", "Bad", "<div>never closed", { sidebar: "guidesSidebar" }))
      .write({ "docs/guides/nofm.mdx": "no frontmatter", "sidebars/references.json": '[{"type":"doc","id":"gone"}]' });
    const oid = broken.commit("Broken");
    const engine = new ContentEngine(new GitStore(`${broken.dir}/.git`));
    const snapshot = await engine.snapshot(oid);
    expect(snapshot.problems.map((p) => p.file).sort()).toEqual(["docs/guides/nofm.mdx", "sidebars/references.json"]);
    await expect(engine.compile(snapshot, engine.page(snapshot, "guides/bad"))).rejects.toThrow(CompileError);
  });
});
