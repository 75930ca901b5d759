import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { tempDir } from "./temp";

const AUTHOR = {
  GIT_AUTHOR_NAME: "bench",
  GIT_AUTHOR_EMAIL: "bench@localhost",
  GIT_COMMITTER_NAME: "bench",
  GIT_COMMITTER_EMAIL: "bench@localhost",
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, ...AUTHOR }, stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** A working clone of the server's repository, edited and pushed with the git CLI as an author would. */
export class ContentClone {
  readonly dir: string;

  /**
   * `contentRoot` is the folder of the repository the content sits in ("" for the root). A clone of a
   * repository with a content root checks out only that folder and borrows the origin's objects, as
   * a docs author would work in a large monorepo.
   */
  constructor(
    gitdir: string,
    private readonly contentRoot = "",
  ) {
    this.dir = path.join(tempDir("clone"), "docs");
    if (!contentRoot) {
      execFileSync("git", ["clone", "--quiet", gitdir, this.dir], { stdio: "ignore" });
      return;
    }
    execFileSync("git", ["clone", "--quiet", "--shared", "--no-checkout", gitdir, this.dir], { stdio: "ignore" });
    git(this.dir, "sparse-checkout", "set", contentRoot);
    git(this.dir, "checkout", "--quiet");
  }

  private pageFile(id: string): string {
    return path.join(this.dir, this.contentRoot, "docs", `${id}.mdx`);
  }

  /** The oldest commit of the branch. */
  firstCommit(): string {
    return git(this.dir, "rev-list", "--max-parents=0", "HEAD").split("\n")[0]!;
  }

  hasPage(id: string): boolean {
    return fs.existsSync(this.pageFile(id));
  }

  /** Appends a paragraph to a page's source and commits it; returns the commit oid. */
  appendToPage(id: string, paragraph: string): string {
    fs.appendFileSync(this.pageFile(id), `\n${paragraph}\n`);
    git(this.dir, "commit", "--quiet", "-am", `bench: edit ${id}`);
    return git(this.dir, "rev-parse", "HEAD");
  }

  push(): void {
    git(this.dir, "push", "--quiet", "origin", "HEAD");
  }
}
