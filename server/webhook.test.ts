import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WebhookReceiver } from "./webhook";

const SECRET = "s3cret";
/** A receiver that counts what it sets off. */
function counting() {
  const counts = { pushes: 0, pulls: [] as number[], relayed: [] as (string | null)[] };
  const receiver = new WebhookReceiver(SECRET, "main", {
    onPush: () => counts.pushes++,
    onPullRequest: (n) => counts.pulls.push(n),
    relay: (d) => counts.relayed.push(d.delivery),
  });
  return { receiver, counts };
}
const delivery = (payload: object, id: string | null, { event = "push", secret = SECRET } = {}) => {
  const body = Buffer.from(JSON.stringify(payload));
  return { body, signature: `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`, event, delivery: id };
};

describe("WebhookReceiver", () => {
  it("fetches once per delivery id, and answers a redelivery without fetching", () => {
    const { receiver, counts } = counting();
    const push = delivery({ ref: "refs/heads/main" }, "a-1");
    expect(receiver.receive(push)).toEqual({ status: 202, message: "Fetch scheduled" });
    expect(receiver.receive(push)).toMatchObject({ status: 200, message: expect.stringMatching(/a-1 was already received/) });
    expect(receiver.receive(delivery({ ref: "refs/heads/main" }, "a-2"))).toMatchObject({ status: 202 });
    // Without an id there is nothing to recognise a redelivery by: each one fetches.
    receiver.receive(delivery({ ref: "refs/heads/main" }, null));
    receiver.receive(delivery({ ref: "refs/heads/main" }, null));
    expect(counts.pushes).toBe(4);
  });

  it("remembers an id only once its signature holds, so a forger cannot pre-empt a real delivery", () => {
    const { receiver, counts } = counting();
    expect(receiver.receive(delivery({ ref: "refs/heads/main" }, "b-1", { secret: "wrong" }))).toMatchObject({ status: 401 });
    expect(receiver.receive(delivery({ ref: "refs/heads/main" }, "b-1"))).toMatchObject({ status: 202 });
    expect(counts.pushes).toBe(1);
  });

  it("answers pings without fetching, and fetches for pushes to other branches and tags, naming their preview", () => {
    const { receiver, counts } = counting();
    expect(receiver.receive(delivery({ zen: "hi" }, "c-1", { event: "ping" }))).toEqual({ status: 200, message: "pong" });
    expect(counts.pushes).toBe(0);
    expect(receiver.receive(delivery({ ref: "refs/heads/dev" }, "c-2")).message).toMatch(
      /refs\/heads\/dev will be previewable as \?ref=dev/,
    );
    expect(receiver.receive(delivery({ ref: "refs/tags/v1.0" }, "c-3")).message).toMatch(/\?ref=v1\.0/);
    expect(counts.pushes).toBe(2);
  });

  it.each([
    ["opened", [7]],
    ["synchronize", [7]],
    ["reopened", [7]],
    ["closed", []],
    ["labeled", []],
  ])("a pull_request event with action %s fetches the head of %j", (action, pulls) => {
    const { receiver, counts } = counting();
    const answer = receiver.receive(delivery({ action, number: 7 }, "p-1", { event: "pull_request" }));
    expect(answer.status).toBe(202);
    expect(counts.pulls).toEqual(pulls);
    if (pulls.length) expect(answer.message).toMatch(/\?ref=pull\/7/);
  });

  it.each([{ action: "opened" }, { action: "opened", number: 0 }, { action: "opened", number: "7" }, { number: 7 }])(
    "refuses a pull_request event without a usable number and action: %j",
    (payload) => {
      const { receiver, counts } = counting();
      expect(receiver.receive(delivery(payload, null, { event: "pull_request" }))).toMatchObject({ status: 400 });
      expect(counts.pulls).toEqual([]);
    },
  );

  const SHA = "a".repeat(40);
  it.each([
    [
      "the repository and head it names",
      { repository: { full_name: "o/r" }, pull_request: { head: { sha: SHA } } },
      false,
      { repository: "o/r", sha: SHA },
    ],
    [
      "the branch it targets",
      { repository: { full_name: "o/r" }, pull_request: { head: { sha: SHA }, base: { ref: "release/1.x" } } },
      false,
      { repository: "o/r", sha: SHA, base: "release/1.x" },
    ],
    [
      "no base for a branch name no preview could have",
      { repository: { full_name: "o/r" }, pull_request: { head: { sha: SHA }, base: { ref: "../x" } } },
      false,
      { repository: "o/r", sha: SHA },
    ],
    [
      "nothing for a relayed delivery (its first receiver posts)",
      { repository: { full_name: "o/r" }, pull_request: { head: { sha: SHA } } },
      true,
      undefined,
    ],
    [
      "nothing for a head that is not a full commit id",
      { repository: { full_name: "o/r" }, pull_request: { head: { sha: "abc" } } },
      false,
      undefined,
    ],
    [
      "nothing for a repository that is not owner/name",
      { repository: { full_name: "o/r/x" }, pull_request: { head: { sha: SHA } } },
      false,
      undefined,
    ],
  ])("hands the commit status %s", (_, extra, relayed, head) => {
    const heads: unknown[] = [];
    const receiver = new WebhookReceiver(SECRET, "main", { onPush: () => {}, onPullRequest: (_n, h) => heads.push(h) });
    receiver.receive({ ...delivery({ action: "opened", number: 9, ...extra }, "h-1", { event: "pull_request" }), relayed });
    expect(heads).toEqual([head]);
  });

  it("passes on to the peers each delivery that sets off a fetch, once, unless a peer passed it on", () => {
    const { receiver, counts } = counting();
    receiver.receive(delivery({ ref: "refs/heads/main" }, "r-1"));
    receiver.receive(delivery({ ref: "refs/heads/main" }, "r-1")); // GitHub's redelivery, or a peer relaying it back
    receiver.receive(delivery({ action: "synchronize", number: 3 }, "r-2", { event: "pull_request" }));
    receiver.receive({ ...delivery({ ref: "refs/heads/main" }, "r-3"), relayed: true });
    receiver.receive({ ...delivery({ action: "opened", number: 4 }, "r-4", { event: "pull_request" }), relayed: true });
    receiver.receive(delivery({ action: "closed", number: 3 }, "r-5", { event: "pull_request" }));
    receiver.receive(delivery({ zen: "hi" }, "r-6", { event: "ping" }));
    receiver.receive(delivery({ ref: "refs/heads/main" }, "r-7", { secret: "wrong" }));
    expect(counts.relayed).toEqual(["r-1", "r-2"]);
    // A relayed delivery still sets off its fetch on the peer that receives it.
    expect(counts.pushes).toBe(2);
    expect(counts.pulls).toEqual([3, 4]);
  });
});
