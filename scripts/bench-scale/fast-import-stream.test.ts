import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fastImportStream, type ContentFile, type RepoShape } from "./fast-import-stream";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sui-docs-fast-import-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const content: ContentFile[] = [
  { path: "docs/a.mdx", data: Buffer.from("# A\n") },
  { path: "docs/b/c.mdx", data: Buffer.from("# C\n") },
  { path: "sidebars/docs.json", data: Buffer.from("[]\n") },
];
const shape: RepoShape = {
  commits: 300,
  contentRoot: "docs/content",
  docShare: 0.2,
  mergeShare: 0.1,
  churnFiles: 50,
  binaryBytes: 4 * 512 * 1024,
  seed: 7,
};
const zeros = (size: number) => Buffer.alloc(size);

function build(name: string): string {
  const gitdir = path.join(dir, name);
  execFileSync("git", ["init", "--quiet", "--bare", gitdir]);
  execFileSync("git", ["fast-import", "--quiet"], { cwd: gitdir, input: Buffer.concat([...fastImportStream(shape, content, zeros)]) });
  return gitdir;
}

describe("the synthetic repository's fast-import stream", () => {
  const gitdir = build("repo.git");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: gitdir, encoding: "utf8" }).trim();

  it("makes exactly the commits asked for, about a tenth of them merges", () => {
    expect(Number(git("rev-list", "--count", "main"))).toBe(300);
    const merges = Number(git("rev-list", "--count", "--merges", "main"));
    expect(merges).toBeGreaterThan(10);
    expect(merges).toBeLessThan(60);
  });

  it("puts the docs under the content root, and some first-parent commits change them", () => {
    expect(git("ls-tree", "--name-only", "main", "docs/content/").split("\n")).toEqual(["docs/content/docs", "docs/content/sidebars"]);
    const docCommits = Number(git("rev-list", "--count", "--first-parent", "main", "--", "docs/content"));
    expect(docCommits).toBeGreaterThan(10);
    expect(docCommits).toBeLessThan(150);
  });

  it("adds the binary bytes asked for", () => {
    const sizes = git("log", "--format=", "--raw", "--no-abbrev", "main", "--", "*.bin").split("\n").filter(Boolean);
    expect(sizes).toHaveLength(4);
  });

  it("writes the same history for the same seed", () => {
    expect(execFileSync("git", ["rev-parse", "main"], { cwd: build("again.git"), encoding: "utf8" }).trim()).toBe(git("rev-parse", "main"));
  });
});
