import { describe, expect, it } from "vitest";
import { git, sampleContent, WorkingCopy } from "../../test/helpers/git";
import { readRefFile } from "./refs";

describe("reading refs from the repository's files", () => {
  it("reads a loose ref, a packed ref, and agrees with git", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    const first = work.commit("One");
    const gitdir = `${work.dir}/.git`;
    expect(await readRefFile(gitdir, "refs/heads/main")).toBe(first);
    git(work.dir, "pack-refs", "--all");
    expect(await readRefFile(gitdir, "refs/heads/main")).toBe(first);
    const second = work.write({ "a.txt": "2" }).commit("Two");
    expect(await readRefFile(gitdir, "refs/heads/main")).toBe(second);
    expect(await readRefFile(gitdir, "refs/heads/mai")).toBeUndefined();
    expect(await readRefFile(gitdir, "refs/heads/other")).toBeUndefined();
    expect(await readRefFile(gitdir, "HEAD")).toBeUndefined();
  });
});
