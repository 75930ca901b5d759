import { createHmac, timingSafeEqual } from "node:crypto";
import { Cache } from "./cache";
import { webhookDeliveries } from "./metrics";
import { refNameProblem } from "./refs/ref-name";

/** The repository (owner/name) and head commit of a pull request, whose commit status the leader posts. */
export interface PullRequestHead {
  repository: string;
  sha: string;
  /** The branch the pull request targets (`pull_request.base.ref`): its checks compare the head with that branch's tip. */
  base?: string;
}

export type WebhookVerdict =
  | { ok: true; event: "ping" }
  | { ok: true; event: "push"; ref?: string }
  | { ok: true; event: "pull_request"; pull: number; action: string; head?: PullRequestHead }
  | { ok: false; status: 400 | 401; message: string };

/** Pull-request actions after which its head (refs/pull/<n>/head) may name a new commit. */
const HEAD_MOVING_ACTIONS = new Set(["opened", "reopened", "synchronize"]);

const SIGNATURE = /^sha256=[0-9a-f]{64}$/i;

/** Checks a GitHub `X-Hub-Signature-256` header against the raw body, in constant time. */
export function verifySignature(secret: string, body: Buffer, header: string | null): boolean {
  if (!header || !SIGNATURE.test(header)) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Why an `X-Hub-Signature-256` header cannot be a signature at all, or undefined if it is well
 * formed: a delivery without one is refused before its body is read, so it holds no body slot.
 */
export function signatureProblem(header: string | null): string | undefined {
  if (!header) return "Missing X-Hub-Signature-256 header: give the webhook the same secret as WEBHOOK_SECRET";
  if (!SIGNATURE.test(header)) return "X-Hub-Signature-256 must be sha256= followed by 64 hexadecimal digits";
  return undefined;
}

/**
 * Verifies and reads a GitHub webhook delivery. Each refusal says what the sender must change: these
 * messages end up in the "Recent deliveries" view of the repository's webhook settings.
 */
export function readEvent(secret: string, body: Buffer, headers: { signature: string | null; event: string | null }): WebhookVerdict {
  const { signature, event } = headers;
  const problem = signatureProblem(signature);
  if (problem) return { ok: false, status: 401, message: problem };
  if (!verifySignature(secret, body, signature)) {
    return {
      ok: false,
      status: 401,
      message: "X-Hub-Signature-256 does not match the body: the webhook secret differs from WEBHOOK_SECRET",
    };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, status: 400, message: "The webhook body is not valid JSON" };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return { ok: false, status: 400, message: "The webhook body is not a JSON object, so it is not a GitHub event" };
  }
  if (!event) return { ok: false, status: 400, message: "Missing X-GitHub-Event header: send GitHub push or pull_request events" };
  if (event === "ping") return { ok: true, event: "ping" };
  if (event === "pull_request") {
    const { number, action } = payload as { number?: unknown; action?: unknown };
    if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 1 || typeof action !== "string") {
      return { ok: false, status: 400, message: 'A pull_request event needs a positive whole "number" and an "action"' };
    }
    return { ok: true, event: "pull_request", pull: number, action: action.slice(0, 40), head: pullHeadOf(payload) };
  }
  if (event !== "push") {
    return {
      ok: false,
      status: 400,
      message: `Event "${event.slice(0, 40)}" is not handled: subscribe the webhook to push and pull_request events only`,
    };
  }
  const { ref } = payload as { ref?: unknown };
  return { ok: true, event: "push", ref: typeof ref === "string" ? ref : undefined };
}

/**
 * The repository (owner/name) and head commit a pull_request event names, when it names both
 * plainly, and the branch the pull request targets (`pull_request.base.ref`) when it is a name a
 * preview could have.
 */
function pullHeadOf(payload: object): PullRequestHead | undefined {
  const { repository, pull_request: pull } = payload as {
    repository?: { full_name?: unknown };
    pull_request?: { head?: { sha?: unknown }; base?: { ref?: unknown } };
  };
  const name = repository?.full_name;
  const sha = pull?.head?.sha;
  const base = pull?.base?.ref;
  if (typeof name !== "string" || !/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/.test(name)) return undefined;
  if (typeof sha !== "string" || !/^[0-9a-f]{40}$/.test(sha)) return undefined;
  return { repository: name, sha, ...(typeof base === "string" && !refNameProblem(base) ? { base } : {}) };
}

/** One webhook delivery as received: the raw body and the headers that matter. */
export interface WebhookDelivery {
  body: Buffer;
  /** X-Hub-Signature-256 */
  signature: string | null;
  /** X-GitHub-Event */
  event: string | null;
  /** X-GitHub-Delivery: GitHub's id of this delivery, the same when it is redelivered. */
  delivery: string | null;
  /** Passed on by a peer replica (RELAYED_HEADER) rather than sent by GitHub: never passed on again. */
  relayed?: boolean;
}

/**
 * Marks a delivery a replica passes on to its peers (server/peers.ts). It is not a credential: a
 * relayed delivery is verified like any other (the signature covers the body, which is passed on
 * byte for byte); the mark only stops it from being passed on again, so relays never loop.
 */
export const RELAYED_HEADER = "X-Docs-Relayed";

/** What to answer the sender; `message` ends up in the repository's "Recent deliveries" view. */
export interface WebhookAnswer {
  status: number;
  message: string;
}

/** Delivery ids remembered, so a redelivery or a replay costs no fetch. */
export const REMEMBERED_DELIVERIES = 1000;

/** What verified deliveries set off. */
export interface WebhookActions {
  /** A push to `ref` (any branch or tag, when the payload names it): fetch it (the served branch goes live, the others become previewable). */
  onPush: (ref?: string) => void;
  /**
   * A pull request opened or pushed to: fetch its head, previewable as ?ref=pull/<n>. `head` (the
   * repository and head commit the event names) is given for deliveries GitHub sent to this replica,
   * not for relayed ones: the replica GitHub chose posts the head's commit status, once.
   */
  onPullRequest: (pull: number, head?: PullRequestHead) => void;
  /**
   * A verified delivery, seen for the first time, that set off a fetch and came from GitHub rather
   * than a peer: pass it on to the other replicas, so they fetch now rather than at their next poll.
   */
  relay?: (delivery: WebhookDelivery) => void;
}

/**
 * Verifies deliveries and turns each verified push into one `onPush` call, and each pull request
 * whose head may have moved into one `onPullRequest` call.
 * A delivery id seen among the last REMEMBERED_DELIVERIES verified ones is acknowledged without
 * calling it again; ids are remembered only once the signature holds, so nobody without the
 * secret can make the server ignore a delivery that is still to come. Each delivery that sets off a
 * fetch is handed to `relay` unless a peer relayed it.
 */
export class WebhookReceiver {
  private readonly seen = new Cache<true>({ maxBytes: REMEMBERED_DELIVERIES * 256, sizeOf: () => 256 });

  constructor(
    private readonly secret: string,
    private readonly branch: string,
    private readonly actions: WebhookActions,
  ) {}

  receive(received: WebhookDelivery): WebhookAnswer {
    const { outcome, answer } = this.answer(received);
    webhookDeliveries.inc({ outcome });
    return answer;
  }

  private answer(received: WebhookDelivery): { outcome: string; answer: WebhookAnswer } {
    const { body, signature, event, delivery } = received;
    const verdict = readEvent(this.secret, body, { signature, event });
    if (!verdict.ok) return { outcome: "refused", answer: { status: verdict.status, message: verdict.message } };
    const id = delivery && delivery.length <= 200 ? delivery : undefined;
    if (id && this.seen.peek(id))
      return { outcome: "duplicate", answer: { status: 200, message: `Delivery ${id} was already received: nothing more to do` } };
    if (id) this.seen.set(id, true);
    if (verdict.event === "ping") return { outcome: "ping", answer: { status: 200, message: "pong" } };
    if (verdict.event === "pull_request") {
      if (!HEAD_MOVING_ACTIONS.has(verdict.action)) {
        return {
          outcome: "ignored",
          answer: { status: 202, message: `Ignored: "${verdict.action}" does not move pull request ${verdict.pull}'s head` },
        };
      }
      this.actions.onPullRequest(verdict.pull, received.relayed ? undefined : verdict.head);
      if (!received.relayed) this.actions.relay?.(received);
      return {
        outcome: "pull_request",
        answer: { status: 202, message: `Fetch scheduled: pull request ${verdict.pull} will be previewable as ?ref=pull/${verdict.pull}` },
      };
    }
    this.actions.onPush(verdict.ref);
    if (!received.relayed) this.actions.relay?.(received);
    const preview = verdict.ref?.replace(/^refs\/(heads|tags)\//, "");
    if (verdict.ref && preview !== verdict.ref && verdict.ref !== `refs/heads/${this.branch}`) {
      return {
        outcome: "push",
        answer: {
          status: 202,
          message: `Fetch scheduled: the site serves ${this.branch}; ${verdict.ref} will be previewable as ?ref=${preview}`,
        },
      };
    }
    return { outcome: "push", answer: { status: 202, message: "Fetch scheduled" } };
  }
}
