import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, page, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";
import { client, secondGuide } from "./helpers/site";

interface Finding {
  page?: string;
  file: string;
  line?: number;
  url?: string;
  reason?: string;
  message?: string;
  new: boolean;
}
interface Report {
  ref: { name: string; kind: string; commit: string };
  commit: string;
  target: { branch: string; commit: string };
  state: string;
  description: string;
  counts: Record<string, number>;
  compile: Finding[];
  sidebars: Finding[];
  links: Finding[];
  files: Finding[];
  pages: Record<"added" | "removed" | "changed", Array<{ id: string; href: string }>>;
}

/** The line of `file` in the working copy that holds `text`, counted from 1. */
const lineOf = (work: WorkingCopy, file: string, text: string) =>
  fs
    .readFileSync(path.join(work.dir, file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(text)) + 1;

describe("checks of a ref against the live branch (/api/checks, /checks)", () => {
  let work: WorkingCopy;
  let server: RunningServer;
  let site: ReturnType<typeof client>;

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    // A branch that breaks a bit of everything, and one that changes a page and breaks nothing.
    git(work.dir, "checkout", "-q", "-b", "broken");
    work.write(
      page(
        "guides/second",
        "Second Guide",
        [
          "## Next",
          "",
          "Read [a page that never was](/guides/missing).",
          "",
          "Then [the install step](/guides/first#install) and [a step that is not there](/guides/first#uninstall).",
          "",
          "![A diagram](/static/img/none.png)",
        ].join("\n"),
        { sidebar: "guidesSidebar" },
      ),
    );
    work.write(page("guides/third", "Third Guide", "Fine at first.\n\n<script>{`alert(1)`}</script>"));
    fs.rmSync(path.join(work.dir, "docs/references.mdx"));
    work.commit("Break links, a page, a sidebar");
    git(work.dir, "checkout", "-q", "-b", "tidy", "main");
    work.write(
      page("guides/second", "Second Guide", "## Next\n\nBack to [the first guide](/guides/first#install).", { sidebar: "guidesSidebar" }),
    );
    work.commit("Reword the second guide");
    // A release branch with a page main lacks, whose link is broken there already, and a change made for it.
    git(work.dir, "checkout", "-q", "-b", "release", "main");
    work.write(
      page("guides/fourth", "Fourth Guide", "Only on the release branch, linking [a page it lost](/guides/gone).", {
        sidebar: "guidesSidebar",
      }),
    );
    work.commit("A guide for the release");
    git(work.dir, "checkout", "-q", "-b", "for-release");
    work.write(secondGuide("On to [the fourth guide](/guides/fourth)."));
    work.commit("Link the release's guide");
    git(work.dir, "tag", "v-release", "release");
    git(work.dir, "checkout", "-q", "main");
    server = await startServer({ CONTENT_REPO: work.dir });
    site = client(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const checks = async (ref: string, base?: string): Promise<Report> => {
    const res = await site.get(`/api/checks?ref=${encodeURIComponent(ref)}${base ? `&base=${encodeURIComponent(base)}` : ""}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Report;
  };

  /** Worker jobs that read pages' links since start (/metrics). */
  const scanJobs = async () => {
    const metrics = await site.text("/metrics");
    return [...metrics.matchAll(/^docs_compile_duration_seconds_count\{job="scanLinks",[^}]*\} (\d+)$/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  };

  it("reads the live commit's links at start, before anyone asks for checks", async () => {
    await waitFor(async () => (await scanJobs()) >= 1);
    const before = await scanJobs();
    // The first check then reads only the page the ref changes: the live commit's are read.
    expect((await checks("tidy")).state).toBe("success");
    expect(await scanJobs()).toBe(before + 1);
  });

  it("lists each kind of breakage a branch brings, with file and line, and the pages it adds, removes and changes", async () => {
    const report = await checks("broken");
    expect(report.ref).toMatchObject({ name: "broken", kind: "branch", commit: git(work.dir, "rev-parse", "broken") });
    expect(report.target).toEqual({ branch: "main", commit: git(work.dir, "rev-parse", "main") });
    expect(report.state).toBe("failure");
    const second = "docs/guides/second.mdx";
    git(work.dir, "checkout", "-q", "broken");
    const lines = {
      missing: lineOf(work, second, "/guides/missing"),
      anchor: lineOf(work, second, "#uninstall"),
      image: lineOf(work, second, "none.png"),
      script: lineOf(work, "docs/guides/third.mdx", "<script>"),
    };
    git(work.dir, "checkout", "-q", "main");
    expect(report.links).toEqual([
      { page: "guides/second", file: second, line: lines.missing, url: "/guides/missing", reason: "no such page", new: true },
      {
        page: "guides/second",
        file: second,
        line: lines.anchor,
        url: "/guides/first#uninstall",
        reason: "no such anchor on /guides/first",
        new: true,
      },
    ]);
    expect(report.files).toEqual([
      { page: "guides/second", file: second, line: lines.image, url: "/static/img/none.png", reason: "no such file", new: true },
    ]);
    expect(report.compile).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          page: "guides/third",
          file: "docs/guides/third.mdx",
          line: lines.script,
          message: expect.stringMatching(/<script> is not allowed/),
          new: true,
        }),
      ]),
    );
    expect(report.sidebars).toEqual([
      { file: "sidebars/references.json", message: 'points at page "references", which does not exist', new: true },
    ]);
    expect(report.pages.added.map((p) => p.id)).toEqual(["guides/third"]);
    expect(report.pages.removed.map((p) => p.id)).toEqual(["references"]);
    expect(report.pages.changed.map((p) => p.id)).toEqual(["guides/second"]);
    expect(report.counts).toEqual({ compile: 1, sidebars: 1, links: 2, files: 1, added: 1, removed: 1, changed: 1 });
    expect(report.description).toBe(
      "1 page fails to compile, 1 sidebar problem, 2 broken links, 1 missing file; pages: 1 changed, 1 added, 1 removed",
    );
    // Each change links to where it can be read: the diff, the added page at the ref, the removed one at the target.
    expect(report.pages.changed[0]!.href).toBe(`/diff/guides/second?from=${report.target.commit}&ref=broken`);
    const diff = await site.get(report.pages.changed[0]!.href);
    expect(diff.status).toBe(200);
    expect(await diff.text()).toContain("/guides/missing");
    expect((await site.get(report.pages.removed[0]!.href)).status).toBe(200);
    // The added page does not compile: its preview answers the compile error, at the ref.
    expect(report.pages.added[0]!.href).toBe("/guides/third?ref=broken");
  });

  it("passes a branch that breaks nothing", async () => {
    const report = await checks("tidy");
    expect(report.state).toBe("success");
    expect(report.counts).toEqual({ compile: 0, sidebars: 0, links: 0, files: 0, added: 0, removed: 0, changed: 1 });
  });

  it("answers an unchanged ref from memory: no compile, no second check", async () => {
    await checks("broken");
    const costs = async () => (await (await site.get("/api/status")).json()) as { compiles: number; checksComputed: number };
    const before = await costs();
    const again = await checks("broken");
    const after = await costs();
    expect(again.counts.links).toBe(2);
    expect(after.compiles).toBe(before.compiles);
    expect(after.checksComputed).toBe(before.checksComputed);
  });

  it("shows the checks as a page, each finding at its file and line", async () => {
    const res = await site.get("/checks?ref=broken");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Broken links (2)");
    expect(html).toMatch(/docs\/guides\/second\.mdx:\d+<\/code>: <code>\/guides\/missing<\/code>, no such page/);
    expect(html).toContain(`href="/diff/guides/second?from=`);
    expect(html).toContain("Pages changed (1)");
  });

  it.each([
    ["/api/checks", 400, /Name what to check/],
    ["/api/checks?ref=no-such-branch", 404, /no-such-branch/],
    ["/api/checks?ref=..%2Fetc", 400, /./],
    ["/api/checks?ref=a&ref=b", 400, /more than once/],
    ["/api/checks?ref=tidy&base=no-such-branch", 404, /no-such-branch/],
    ["/api/checks?ref=tidy&base=..%2Fetc", 400, /\?base= must name a branch/],
    ["/api/checks?ref=tidy&base=", 400, /\?base= is empty/],
    ["/api/checks?ref=tidy&base=v-release", 400, /\?base= must name a branch, and "v-release" is a tag/],
    ["/api/checks?ref=tidy&base=a&base=b", 400, /more than once/],
  ])("refuses %s with %i", async (url, status, message) => {
    const res = await site.get(url);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });

  it("checks against the branch named by ?base=: its tip, not the live commit", async () => {
    const report = await checks("for-release", "release");
    expect(report.target).toEqual({ branch: "release", commit: git(work.dir, "rev-parse", "release") });
    // The release's broken link is the release's own, not the change's: listed, not counted.
    expect(report).toMatchObject({ state: "success", description: "Nothing broken; pages: 1 changed, 0 added, 0 removed" });
    expect(report.links).toEqual([expect.objectContaining({ page: "guides/fourth", url: "/guides/gone", new: false })]);
    // Against main, which lacks the fourth guide, the change brings the guide and its broken link.
    const againstMain = await checks("for-release");
    expect(againstMain.target.branch).toBe("main");
    expect(againstMain).toMatchObject({ state: "failure", counts: { links: 1, added: 1, changed: 1 } });
    const html = await site.text("/checks?ref=for-release&base=release");
    expect(html).toMatch(/against <code>release<\/code>&#x27;s tip/);
    expect(html).toContain("Nothing would break.");
  });

  it("answers a page for an unknown ref with 404", async () => {
    expect((await site.get("/checks?ref=no-such-branch")).status).toBe(404);
  });

  it("publishes a push that adds a broken link, and reports it in /api/status", async () => {
    work.write(page("guides", "Guides", "Welcome.\n\nSee [the fourth guide](/guides/fourth)."));
    const oid = work.commit("Link a guide to come");
    await waitFor(async () => (await site.status()).commit === oid);
    let checksOfLive: { commit: string; counts: Record<string, number>; links: Finding[] } | undefined;
    await waitFor(async () => {
      checksOfLive = ((await (await site.get("/api/status")).json()) as { checks?: typeof checksOfLive }).checks;
      return checksOfLive?.commit === oid;
    });
    expect(checksOfLive!.counts.links).toBe(1);
    expect(checksOfLive!.links).toEqual([
      expect.objectContaining({ page: "guides", url: "/guides/fourth", reason: "no such page", new: true }),
    ]);
  });
});
