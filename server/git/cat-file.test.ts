import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sampleContent, WorkingCopy, git } from "../../test/helpers/git";
import { commandLines, descendants } from "../../test/helpers/processes";
import { CatFile, ObjectReadError } from "./cat-file";
import { Git } from "./cli";

describe("git cat-file --batch", () => {
  const work = WorkingCopy.init().write({ ...sampleContent(), "big.txt": "x".repeat(300_000) });
  work.commit("Only");
  const reader = new CatFile(new Git(`${work.dir}/.git`));
  const oid = (path: string) => git(work.dir, "rev-parse", `HEAD:${path}`);

  it("answers pipelined requests in order, large objects included", async () => {
    const [a, big, b] = await Promise.all([
      reader.read(oid("docs/guides.mdx")),
      reader.read(oid("big.txt")),
      reader.read(oid("sidebars/guides.json")),
    ]);
    expect(a.data.toString()).toContain("Welcome to the guides.");
    expect(big.data.length).toBe(300_000);
    expect(b.type).toBe("blob");
    expect(JSON.parse(b.data.toString())).toBeInstanceOf(Array);
  });

  it("reports a missing object and keeps answering", async () => {
    await expect(reader.read("0123456789012345678901234567890123456789")).rejects.toBeInstanceOf(ObjectReadError);
    expect((await reader.read(oid("docs/guides.mdx"))).type).toBe("blob");
  });

  it("starts a new process when git dies, and the next read succeeds", async () => {
    await reader.read(oid("docs/guides.mdx"));
    const before = reader.starts;
    const catFile = descendants(process.pid).find((pid) => commandLines(pid)[0]?.includes("cat-file") && fs.existsSync(`/proc/${pid}`));
    expect(catFile).toBeDefined();
    process.kill(catFile!, "SIGKILL");
    await new Promise((r) => setTimeout(r, 100));
    expect((await reader.read(oid("docs/guides.mdx"))).data.toString()).toContain("Welcome");
    expect(reader.starts).toBe(before + 1);
  });
});
