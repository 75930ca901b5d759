import { createHmac } from "node:crypto";
import { page, sampleContent, WorkingCopy } from "./git";
import { cloneOverHttp, GitHttpRemote } from "./git-http";
import type { RunningServer } from "./server";

export const WEBHOOK_SECRET = "remote-test-secret";

/**
 * A GitHub delivery of `event` with `payload`, its body signed with `secret` as GitHub signs it
 * (HMAC-SHA256), under a new delivery id (a repeated one is taken for a redelivery).
 */
export function signedDelivery(event: string, payload: object, secret = WEBHOOK_SECRET): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "X-GitHub-Event": event,
      "X-GitHub-Delivery": crypto.randomUUID(),
      "X-Hub-Signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
  };
}

export interface Status {
  commit: string;
  lastFetch?: string;
  lastError?: { commit: string; file: string; message: string; at: string };
  damaged?: Array<{ object: string; path: string; message: string }>;
  compiles?: number;
}

/** A content repository behind a Git HTTP remote, with a clone of it that tests commit and push in. */
export async function remoteWithContent(): Promise<{ remote: GitHttpRemote; work: WorkingCopy; url: string }> {
  const seed = WorkingCopy.init().write(sampleContent());
  seed.commit("First version");
  const remote = await GitHttpRemote.start();
  const url = remote.publish(seed.dir);
  return { remote, url, work: await cloneOverHttp(url) };
}

export function client(server: RunningServer) {
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });
  return {
    get,
    text: async (path: string) => (await get(path)).text(),
    status: async (): Promise<Status> => (await get("/api/status")).json(),
    /** Sends a push event signed as GitHub signs it: HMAC-SHA256 of the raw body. */
    webhook: (ref: string, after: string, event = "push") => {
      const delivery = signedDelivery(event, { ref, before: "0".repeat(40), after, repository: { full_name: "test/docs" } });
      return get("/api/webhooks/git", { method: "POST", ...delivery });
    },
  };
}

export const secondGuide = (text: string) => page("guides/second", "Second Guide", `## Next\n\n${text}`, { sidebar: "guidesSidebar" });
