import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { tempDir } from "./helpers/git";
import { pushOverHttp } from "./helpers/git-http";
import { descendants } from "./helpers/processes";
import { startServer, HANG_MS, waitFor } from "./helpers/server";
import { client, remoteWithContent, secondGuide, WEBHOOK_SECRET } from "./helpers/site";

/** `npm start`: the primary, a front process and a server process. */
const START = "build/start.js";

/** The command line of `pid`, or undefined once it has ended (a zombie has ended too). */
function commandLine(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return undefined;
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return undefined;
  }
}

describe("a server process killed mid-fetch", () => {
  it("leaves no git behind: the next leader kills the orphaned fetch, fetches itself and publishes", async () => {
    const { remote, work } = await remoteWithContent();
    const dataDir = tempDir("sui-docs-data-");
    const server = await startServer(
      {
        CONTENT_REPO: remote.url(),
        POLL_INTERVAL: "0",
        WEBHOOK_SECRET,
        WEB_CONCURRENCY: "1",
        FRONT_PROCESSES: "1",
        DATA_DIR: dataDir,
        // git's low-speed limit would end the held fetch on its own after 60 s: only a kill may end it here.
        REMOTE_IDLE_TIMEOUT: "600",
      },
      START,
    );
    const site = client(server);
    const serverPid = async () => ((await (await site.get("/api/status")).json()) as { process: { pid: number } }).process.pid;
    try {
      const killed = await serverPid();
      work.write(secondGuide("Published by the next leader."));
      const oid = work.commit("Second version");
      await pushOverHttp(work);
      // The pack never finishes: the fetch runs until REMOTE_FETCH_TIMEOUT (600 s), whose timer dies with the process.
      remote.slowUploadPack(600_000);
      expect((await site.webhook("refs/heads/main", oid)).status).toBe(202);
      const fetching = () =>
        descendants(killed).filter((pid) => /\bgit\b.*\bfetch\b|remote-https?|index-pack/.test(commandLine(pid) ?? ""));
      await waitFor(async () => remote.heldPacks === 1);
      const orphans = fetching();
      expect(orphans.length).toBeGreaterThan(0);
      expect(fs.readdirSync(`${dataDir}/git-groups`)).toHaveLength(1);
      // Only the fetch in flight is held: the next leader's are answered at once.
      remote.slowUploadPack(0);

      process.kill(killed, "SIGKILL");
      // The primary starts another server process, which leads.
      await waitFor(async () => (await serverPid().catch(() => killed)) !== killed, HANG_MS, 500);
      expect(server.output()).toMatch(new RegExp(`the leader server process ${killed} ended \\(SIGKILL\\); starting another`));
      await waitFor(async () => orphans.every((pid) => commandLine(pid) === undefined)).catch((error) => {
        console.log(
          orphans.map((pid) => `${pid}: ${commandLine(pid) ?? "ended"}`),
          server.output(),
        );
        throw error;
      });
      expect(server.output()).toMatch(/killed git process group \d+, left running by an ended server process/);

      // The new leader's own fetch publishes the push.
      await waitFor(
        async () => {
          if ((await site.status()).commit === oid) return true;
          await site.webhook("refs/heads/main", oid);
          return false;
        },
        HANG_MS,
        2_000,
      );
      expect(await site.text("/guides/second")).toContain("Published by the next leader.");
      expect(fs.readdirSync(`${dataDir}/git-groups`)).toEqual([]);
    } finally {
      await server.stop();
      await remote.stop();
    }
  });
});
