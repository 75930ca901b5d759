import { describe, expect, it } from "vitest";
import { ContentEngine } from "../server/engine";
import { GitStore } from "../server/git/store";
import { LiveSite } from "../server/source/live";
import { sampleContent, WorkingCopy } from "./helpers/git";

describe("fetching from a remote", () => {
  const setup = (fetch: () => Promise<void>) => {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("Only");
    const repository = { kind: "remote" as const, gitdir: `${work.dir}/.git`, ref: "refs/heads/main", origin: "test remote", fetch };
    const log: string[] = [];
    return { live: new LiveSite(new ContentEngine(new GitStore(repository.gitdir)), repository, { log: (l) => log.push(l) }), log };
  };

  it("coalesces webhooks that arrive during a fetch into one more fetch", async () => {
    let fetches = 0;
    const { live } = setup(async () => {
      fetches++;
      await new Promise((r) => setTimeout(r, 100));
    });
    await live.start();
    await Promise.all(Array.from({ length: 50 }, () => live.fetch()));
    await live.fetch();
    live.stop();
    expect(fetches).toBeLessThanOrEqual(3);
    expect(fetches).toBeGreaterThanOrEqual(2);
  });

  it("keeps serving and reports the error when the remote cannot be reached", async () => {
    const { live, log } = setup(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:9");
    });
    await live.start();
    const before = live.snapshot.commit.oid;
    await live.fetch();
    live.stop();
    expect(live.snapshot.commit.oid).toBe(before);
    expect(live.status().lastError?.message).toMatch(/fetch failed: connect ECONNREFUSED/);
    expect(log.at(-1)).toMatch(/not published/);
  });
});
