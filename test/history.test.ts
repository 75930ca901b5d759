import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Git } from "../server/git/cli";
import { ChangeIndex } from "../server/history/change-index";
import { git, tempDir, WorkingCopy } from "./helpers/git";

/** One step of a repository's story, run in a working copy with the git CLI. */
type Step = (work: WorkingCopy) => void;

const write =
  (files: Record<string, string>): Step =>
  (w) =>
    void w.write(files);
const remove =
  (...files: string[]): Step =>
  (w) =>
    files.forEach((f) => fs.rmSync(path.join(w.dir, f)));
const commit =
  (message: string): Step =>
  (w) =>
    void git(w.dir, "commit", "-q", "--allow-empty", "-m", message);
const stage: Step = (w) => void git(w.dir, "add", "-A");
const change = (files: Record<string, string>, message: string): Step[] => [write(files), stage, commit(message)];
const run =
  (...args: string[]): Step =>
  (w) =>
    void git(w.dir, ...args);

/** Repository shapes the index must agree with `git log --first-parent` on; root is the content root. */
const SHAPES: Array<{ name: string; root: string; steps: Step[] }> = [
  {
    name: "a straight line with an empty commit",
    root: "",
    steps: [...change({ "docs/a.mdx": "1", "docs/b.mdx": "1" }, "one"), commit("empty"), ...change({ "docs/a.mdx": "2" }, "two")],
  },
  {
    name: "a rename, a deletion, and a file deleted then added again",
    root: "",
    steps: [
      ...change({ "docs/a.mdx": "a", "docs/old.mdx": "same text\n".repeat(20), "docs/gone.mdx": "g" }, "one"),
      run("mv", "docs/old.mdx", "docs/new.mdx"),
      stage,
      commit("rename"),
      remove("docs/gone.mdx"),
      stage,
      commit("delete"),
      ...change({ "docs/gone.mdx": "back" }, "re-add"),
      ...change({ "docs/gone.mdx": "changed" }, "change after re-add"),
    ],
  },
  {
    name: "merges: a feature branch merged with --no-ff, main merged into a branch, a fast-forward of a merge",
    root: "",
    steps: [
      ...change({ "docs/a.mdx": "1", "docs/b.mdx": "1" }, "base"),
      run("checkout", "-q", "-b", "feature"),
      ...change({ "docs/b.mdx": "feature" }, "feature edits b"),
      ...change({ "docs/c.mdx": "feature" }, "feature adds c"),
      run("checkout", "-q", "main"),
      ...change({ "docs/a.mdx": "main" }, "main edits a"),
      run("merge", "-q", "--no-ff", "-m", "merge feature", "feature"),
      run("checkout", "-q", "-b", "topic"),
      ...change({ "docs/d.mdx": "topic" }, "topic adds d"),
      run("checkout", "-q", "main"),
      ...change({ "docs/a.mdx": "main again" }, "main edits a again"),
      run("checkout", "-q", "topic"),
      run("merge", "-q", "--no-ff", "-m", "merge main into topic", "main"),
      run("checkout", "-q", "main"),
      run("merge", "-q", "--ff-only", "topic"),
      ...change({ "docs/b.mdx": "last" }, "after the fast-forward"),
    ],
  },
  {
    name: "a content root, with commits that touch only files outside it",
    root: "docs/content",
    steps: [
      ...change({ "docs/content/docs/a.mdx": "1", "src/main.rs": "fn main() {}", "docs/content/sidebars/x.json": "[]" }, "one"),
      ...change({ "src/main.rs": "fn main() { 1 }" }, "code only"),
      ...change({ "docs/content/docs/a.mdx": "2", "src/lib.rs": "" }, "both"),
      ...change({ "docs/other.md": "outside the root but under docs/" }, "docs outside the root"),
    ],
  },
];

function build(steps: Step[]): WorkingCopy {
  const work = WorkingCopy.init();
  for (const step of steps) step(work);
  return work;
}

/** Every path that ever existed under the root, relative to it. */
function allPaths(work: WorkingCopy, root: string): string[] {
  const out = git(work.dir, "log", "--all", "--no-renames", "--name-only", "--format=", ...(root ? ["--", root] : []));
  return [...new Set(out.split("\n").filter(Boolean))].map((p) => (root ? p.slice(root.length + 1) : p)).concat("docs/never.mdx");
}

function oracle(work: WorkingCopy, root: string, asOf: string, contentPath: string): string[] {
  const out = git(work.dir, "log", "--first-parent", "--format=%H", asOf, "--", root ? `${root}/${contentPath}` : contentPath);
  return out ? out.split("\n") : [];
}

describe("the change index agrees with git log --first-parent", () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))("%s", async (_name, shape) => {
    const work = build(shape.steps);
    const index = new ChangeIndex(new Git(`${work.dir}/.git`), { ref: "refs/heads/main", root: shape.root, log: () => {} });
    await index.update();
    const chain = git(work.dir, "rev-list", "--first-parent", "main").split("\n");
    let compared = 0;
    for (const asOf of chain) {
      for (const p of allPaths(work, shape.root)) {
        expect([asOf.slice(0, 7), p, index.changedAsOf(p, asOf)]).toEqual([asOf.slice(0, 7), p, oracle(work, shape.root, asOf, p)]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(4);
  });

  it("gives the same answers when extended commit by commit as when built at once", async () => {
    const shape = SHAPES[2]!;
    const work = WorkingCopy.init();
    const gitdir = `${work.dir}/.git`;
    const stepwise = new ChangeIndex(new Git(gitdir), { ref: "refs/heads/main", root: "", log: () => {} });
    for (const step of shape.steps) {
      step(work);
      const onMain = git(work.dir, "symbolic-ref", "--short", "HEAD") === "main";
      if (onMain && git(work.dir, "for-each-ref", "refs/heads/main")) await stepwise.update();
    }
    const whole = new ChangeIndex(new Git(gitdir), { ref: "refs/heads/main", root: "", log: () => {} });
    await whole.update();
    for (const asOf of git(work.dir, "rev-list", "--first-parent", "main").split("\n")) {
      for (const p of allPaths(work, "")) expect(stepwise.changedAsOf(p, asOf)).toEqual(whole.changedAsOf(p, asOf));
    }
    // One build at the start, one for the fast-forward to a merge whose first parent is not the old
    // tip (the branch's first-parent chain changed under it); every other commit extended it.
    expect(stepwise.builds).toBe(2);
  });

  it("rebuilds after a force push rewrote the branch", async () => {
    const work = build(change({ "docs/a.mdx": "1" }, "one"));
    work.write({ "docs/a.mdx": "2" }).commit("two");
    const index = new ChangeIndex(new Git(`${work.dir}/.git`), { ref: "refs/heads/main", root: "", log: () => {} });
    await index.update();
    git(work.dir, "reset", "-q", "--hard", "HEAD~1");
    const rewritten = work.write({ "docs/a.mdx": "3" }).commit("two, rewritten");
    await index.update();
    expect(index.changedAsOf("docs/a.mdx", rewritten)).toEqual(oracle(work, "", rewritten, "docs/a.mdx"));
    expect(index.builds).toBe(2);
  });

  it("is saved, and a new process loads and extends it instead of rebuilding", async () => {
    const work = build(change({ "docs/a.mdx": "1" }, "one"));
    const file = path.join(tempDir(), "history", "index.json");
    const lines: string[] = [];
    const open = () => new ChangeIndex(new Git(`${work.dir}/.git`), { ref: "refs/heads/main", root: "", file, log: (l) => lines.push(l) });
    const first = open();
    await first.update();
    expect(first.builds).toBe(1);
    const next = work.write({ "docs/a.mdx": "2" }).commit("two");
    const second = open();
    await second.update();
    expect(second.builds).toBe(0);
    expect(lines.some((l) => l.startsWith("history index: loaded 1 commits"))).toBe(true);
    expect(second.changedAsOf("docs/a.mdx", next)).toEqual(oracle(work, "", next, "docs/a.mdx"));
    fs.writeFileSync(file, "{ not json");
    const third = open();
    await third.update();
    expect(third.builds).toBe(1);
  });
});
