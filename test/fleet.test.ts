import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serverStates } from "../scripts/fleet/haproxy";
import { startFleet, steadyLoad, type RunningFleet } from "./helpers/fleet";
import { git, type WorkingCopy } from "./helpers/git";
import { gitAsync, pushOverHttp, type GitHttpRemote } from "./helpers/git-http";
import { waitFor } from "./helpers/server";
import { remoteWithContent, secondGuide, signedDelivery, WEBHOOK_SECRET } from "./helpers/site";

/** Generous: the fleet runs three replicas, HAProxy and Varnish on a shared two-core machine. */
const DEADLINE_MS = 60_000;
/** Pages the load loops go through, each answered 200 by every replica. */
const PAGES = [
  "/guides",
  "/guides/first",
  "/guides/second",
  "/references",
  "/guides.md",
  "/guides/first.md",
  "/guides/second.md",
  "/api/catalogue",
];

/** Sends a GitHub event signed with the webhook secret to `url` (the balancer's webhook address). */
function sendEvent(url: string, event: string, payload: object): Promise<Response> {
  return fetch(url, { method: "POST", ...signedDelivery(event, payload) });
}

/** The commit a replica's answer names (X-Docs-Commit), read at its own port. */
async function commitAt(url: string): Promise<string | null> {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await answer.arrayBuffer();
    return answer.status === 200 ? answer.headers.get("X-Docs-Commit") : null;
  } catch {
    return null;
  }
}

describe("the site as a fleet: three replicas behind HAProxy and Varnish, kept current by one webhook", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let fleet: RunningFleet;
  let replicas: string[];

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    // No polling: only the delivery and its relays can bring a replica to a new commit.
    fleet = await startFleet(3, { CONTENT_REPO: remote.url(), WEBHOOK_SECRET, POLL_INTERVAL: "0", ACCESS_LOG: "off" });
    replicas = fleet.replicas.map((name) => fleet.addresses[name]!);
  });

  // What the fleet and its replicas said, when a test fails: their fetches, relays and publishing.
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(fleet.log().slice(-6000))));

  afterAll(async () => {
    await fleet?.stop();
    await remote?.stop();
  });

  it("serves a push on every replica after one signed delivery to the balancer", async () => {
    work.write(secondGuide("Live on every replica after one delivery."));
    const oid = work.commit("Fleet push");
    await pushOverHttp(work);
    const started = Date.now();
    const answer = await sendEvent(fleet.addresses.webhook!, "push", { ref: "refs/heads/main", after: oid });
    expect(answer.status).toBe(202);
    const ms = await waitFor(
      async () => (await Promise.all(replicas.map((url) => commitAt(`${url}/guides/second`)))).every((c) => c === oid),
      DEADLINE_MS,
      20,
    );
    console.log(
      `push-to-live on all ${replicas.length} replicas after one delivery: ${ms} ms (${Date.now() - started} ms with the delivery)`,
    );
    for (const url of replicas)
      expect(await (await fetch(`${url}/guides/second`)).text()).toContain("Live on every replica after one delivery.");
  });

  it("makes a pull request's preview available on every replica after one signed pull_request event", async () => {
    git(work.dir, "checkout", "-q", "--detach", "main");
    work.write(secondGuide("Proposed in pull request eleven."));
    await gitAsync(work.dir, "push", "-q", "origin", `${work.commit("Proposal")}:refs/pull/11/head`);
    expect((await sendEvent(fleet.addresses.webhook!, "pull_request", { action: "opened", number: 11 })).status).toBe(202);
    const ms = await waitFor(
      async () =>
        (
          await Promise.all(
            replicas.map(async (url) =>
              (await fetch(`${url}/guides/second?ref=pull/11`)).text().then((html) => html.includes("Proposed in pull request eleven.")),
            ),
          )
        ).every(Boolean),
      DEADLINE_MS,
      50,
    );
    console.log(`pull request preview on all ${replicas.length} replicas after one delivery: ${ms} ms`);
  });

  it("fails no request under steady load while the replicas restart one at a time (SIGHUP)", async () => {
    const load = steadyLoad(fleet.addresses.balancer!, PAGES);
    await waitFor(async () => load.answered() > 50, DEADLINE_MS, 50);
    await fleet.rollingRestart(150_000);
    const { answered, failures } = await load.stop();
    console.log(`rolling restart under load: ${answered} answered, ${failures.length} failed`);
    expect(failures).toEqual([]);
  });

  it("fails no request when a replica is killed (kill -9); its replacement, on an empty DATA_DIR, gets readers only once ready", async () => {
    const stats = fleet.addresses["balancer-stats"]!;
    const victim = replicas[1]!;
    const name = fleet.replicas[1]!;
    const { process: killed } = (await (await fetch(`${victim}/api/status`)).json()) as { process: { pid: number } };
    const load = steadyLoad(fleet.addresses.balancer!, PAGES);
    await waitFor(async () => load.answered() > 50, DEADLINE_MS, 50);
    process.kill(killed.pid, "SIGKILL");
    // HAProxy takes it out; what it was sent until then is counted.
    const down = async () => (await serverStates(stats)).find((s) => s.name === name)!;
    await waitFor(async () => (await down()).status.startsWith("DOWN"), DEADLINE_MS, 20);
    const sentBefore = (await down()).sessions;
    // The fleet starts a replacement on an empty DATA_DIR: it listens, clones, fetches, then is ready.
    await waitFor(
      async () =>
        await fetch(`${victim}/readyz`)
          .then((r) => r.status === 200)
          .catch(() => false),
      DEADLINE_MS,
      20,
    );
    expect((await down()).sessions, "readers sent to the replacement before it was ready").toBe(sentBefore);
    await waitFor(async () => (await down()).sessions > sentBefore, DEADLINE_MS, 50);
    const { answered, failures } = await load.stop();
    console.log(`kill -9 under load: ${answered} answered, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(fleet.log()).toMatch(new RegExp(`${name} ended \\(SIGKILL\\): starting it again on an empty DATA_DIR`));
  });
});
