import { createHmac } from "node:crypto";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { pushOverHttp } from "./helpers/git-http";
import { rawRequest } from "./helpers/raw-http";
import { startServer, waitFor } from "./helpers/server";
import { client, remoteWithContent, secondGuide, signedDelivery, WEBHOOK_SECRET } from "./helpers/site";

const sign = (body: string) => `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex")}`;

/** Senders that trickle bodies they never finish, from one address. */
const TRICKLERS = 400;

describe("webhook body slots", () => {
  it("reads a signed delivery from another address while one address trickles 400 bodies, and the push goes live", async () => {
    const { remote, work } = await remoteWithContent();
    const server = await startServer({ CONTENT_REPO: remote.url(), POLL_INTERVAL: "0", WEBHOOK_SECRET });
    const site = client(server);
    const { port } = new URL(server.url);
    const statuses: number[] = [];
    const sockets = new Set<net.Socket>();
    let attacking = true;

    /**
     * One sender from 127.0.0.1: a signature that looks right, then one byte of a 1,000-byte body
     * and no more. When the server gives up on it (408 after 10 s), it sends another, so the
     * address holds what it can for as long as the test runs.
     */
    const trickle = (): void => {
      const socket = net.connect({ port: Number(port), host: "127.0.0.1", localAddress: "127.0.0.1" });
      sockets.add(socket);
      let data = "";
      let answered = false;
      const end = () => {
        if (answered) return;
        answered = true;
        statuses.push(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0));
        socket.destroy();
        sockets.delete(socket);
        if (attacking && statuses.at(-1) === 408) trickle();
      };
      socket.on("data", (d) => {
        data += d;
        if (data.includes("\r\n\r\n") && data.includes("}")) end();
      });
      socket.on("error", () => {});
      socket.on("close", end);
      socket.write(
        `POST /api/webhooks/git HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-GitHub-Event: push\r\n` +
          `X-Hub-Signature-256: ${sign("x")}\r\nContent-Length: 1000\r\n\r\n{`,
      );
    };

    try {
      const before = (await site.status()).commit;
      work.write(secondGuide("Delivered past the trickle."));
      const oid = work.commit("Second version");
      await pushOverHttp(work);

      for (let i = 0; i < TRICKLERS; i++) trickle();
      // Those past the address's turns and line are refused at once: once all of them are, every
      // trickling sender has reached the server and holds what it can.
      await waitFor(async () => statuses.filter((s) => s === 503).length >= TRICKLERS - 2 - 256);

      // GitHub's delivery comes from another address: it is read and acknowledged, not refused for want of a slot.
      const delivery = await rawRequest(
        server.url,
        { method: "POST", target: "/api/webhooks/git", ...signedDelivery("push", { ref: "refs/heads/main", before, after: oid }) },
        30_000,
        "127.0.0.2",
      ).catch((error) => {
        // No answer at all: show what the trickling senders got and what the server logged.
        console.log(statuses.length, new Set(statuses), server.output().slice(-3000));
        throw error;
      });
      expect(delivery.status, delivery.body).toBe(202);
      await waitFor(async () => (await site.status()).commit === oid);
      expect(await site.text("/guides/second")).toContain("Delivered past the trickle.");

      // The trickling address was held to its own turns (2 read, 256 waiting): the rest of its senders were refused at once.
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(TRICKLERS - 2 - 256);
      expect(
        statuses.every((s) => s === 503 || s === 408),
        String(new Set(statuses)),
      ).toBe(true);
    } finally {
      attacking = false;
      for (const socket of sockets) socket.destroy();
      await server.stop();
      await remote.stop();
    }
  });
});
