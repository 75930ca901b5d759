import type { LiveChecks } from "../checks/ref-checks";
import type { LiveStatus } from "./live";
import type { FetchScope } from "./repository";
import type { PullRequestHead } from "../webhook";

/**
 * How the server processes of one site share the work that must be done once (http/primary.ts
 * starts them, WEB_CONCURRENCY of them). The leader fetches and polls the repository, checks new
 * commits (compiling their changed pages into DATA_DIR/compiled), records the live commit in
 * DATA_DIR and writes the history index; followers go live with the commit the leader made live,
 * load the history index and compiled pages the leader wrote, and hand webhooks on to it. A process
 * started on its own (the tests, `node build/index.js`) leads and has nobody to tell.
 */
export type Role = "leader" | "follower";

/** What the leader tells the followers, each time a check or fetch settles, and once the live commit's checks are computed. */
export type LeaderStatus = Pick<LiveStatus, "commit" | "catchingUp" | "lastFetch" | "lastError"> & { checks?: LiveChecks };

/** Messages between the server processes and the primary, which passes them on. */
export type CoordinationMessage =
  /** Leader → primary: started, and its history index is built; followers may start. */
  | { kind: "sui-docs:ready" }
  /**
   * Follower → primary → leader: a webhook arrived; fetch (the branches and tags, the served branch,
   * or one pull request's head, and post that head's commit status).
   */
  | { kind: "sui-docs:fetch"; pull?: number; scope?: FetchScope; head?: PullRequestHead }
  /** Leader → primary → followers: the live commit and the last fetch and error, for /api/status. */
  | { kind: "sui-docs:status"; status: LeaderStatus };

/** What a follower asks the leader to fetch. */
export interface FetchRequest {
  pull?: number;
  scope?: FetchScope;
  head?: PullRequestHead;
}

export const ROLE_VARIABLE = "SUI_DOCS_ROLE";

export function isCoordinationMessage(value: unknown): value is CoordinationMessage {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === "sui-docs:ready" || kind === "sui-docs:fetch" || kind === "sui-docs:status";
}

export interface Coordination {
  readonly role: Role;
  /** Leader: followers may start (sent once). */
  ready(): void;
  /** Leader: passes its status on to the followers. */
  announce(status: LeaderStatus): void;
  /** Follower: asks the leader to fetch (`scope`: the branches and tags by default), or pull request `pull`'s head. */
  requestFetch(request: FetchRequest): void;
  /** Leader: called when a follower asks for a fetch. */
  onFetchRequest(listener: (request: FetchRequest) => void): void;
  /** Follower: called with each status the leader announces. */
  onStatus(listener: (status: LeaderStatus) => void): void;
}

/**
 * This process's part, from the role the primary gave it in its environment. Without a primary
 * (no IPC channel) the process leads alone and every message goes nowhere.
 */
export function processCoordination(env: Record<string, string | undefined> = process.env): Coordination {
  const send = process.send ? (message: CoordinationMessage) => void process.send!(message) : () => {};
  const role: Role = process.send && env[ROLE_VARIABLE] === "follower" ? "follower" : "leader";
  const listen = (handle: (message: CoordinationMessage) => void) => {
    if (!process.send) return;
    process.on("message", (message: unknown) => {
      if (isCoordinationMessage(message)) handle(message);
    });
  };
  let readySent = false;
  return {
    role,
    ready() {
      if (readySent || role !== "leader") return;
      readySent = true;
      send({ kind: "sui-docs:ready" });
    },
    announce: (status) => send({ kind: "sui-docs:status", status }),
    requestFetch: ({ pull, scope, head }) =>
      send({ kind: "sui-docs:fetch", ...(pull ? { pull } : {}), ...(scope ? { scope } : {}), ...(head ? { head } : {}) }),
    onFetchRequest: (listener) =>
      listen((message) => message.kind === "sui-docs:fetch" && listener({ pull: message.pull, scope: message.scope, head: message.head })),
    onStatus: (listener) => listen((message) => message.kind === "sui-docs:status" && listener(message.status)),
  };
}
