import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WebhookReceiver } from "./webhook";

const SECRET = "s3cret";
const delivery = (payload: object, id: string | null, { event = "push", secret = SECRET } = {}) => {
  const body = Buffer.from(JSON.stringify(payload));
  return { body, signature: `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`, event, delivery: id };
};

describe("WebhookReceiver", () => {
  it("fetches once per delivery id, and answers a redelivery without fetching", () => {
    let pushes = 0;
    const receiver = new WebhookReceiver(SECRET, "main", () => pushes++);
    const push = delivery({ ref: "refs/heads/main" }, "a-1");
    expect(receiver.receive(push)).toEqual({ status: 202, message: "Fetch scheduled" });
    expect(receiver.receive(push)).toMatchObject({ status: 200, message: expect.stringMatching(/a-1 was already received/) });
    expect(receiver.receive(delivery({ ref: "refs/heads/main" }, "a-2"))).toMatchObject({ status: 202 });
    // Without an id there is nothing to recognise a redelivery by: each one fetches.
    receiver.receive(delivery({ ref: "refs/heads/main" }, null));
    receiver.receive(delivery({ ref: "refs/heads/main" }, null));
    expect(pushes).toBe(4);
  });

  it("remembers an id only once its signature holds, so a forger cannot pre-empt a real delivery", () => {
    let pushes = 0;
    const receiver = new WebhookReceiver(SECRET, "main", () => pushes++);
    expect(receiver.receive(delivery({ ref: "refs/heads/main" }, "b-1", { secret: "wrong" }))).toMatchObject({ status: 401 });
    expect(receiver.receive(delivery({ ref: "refs/heads/main" }, "b-1"))).toMatchObject({ status: 202 });
    expect(pushes).toBe(1);
  });

  it("answers pings and pushes to other branches without fetching", () => {
    let pushes = 0;
    const receiver = new WebhookReceiver(SECRET, "main", () => pushes++);
    expect(receiver.receive(delivery({ zen: "hi" }, "c-1", { event: "ping" }))).toEqual({ status: 200, message: "pong" });
    expect(receiver.receive(delivery({ ref: "refs/heads/dev" }, "c-2"))).toMatchObject({
      status: 202,
      message: expect.stringMatching(/not refs\/heads\/dev/),
    });
    expect(pushes).toBe(0);
  });
});
