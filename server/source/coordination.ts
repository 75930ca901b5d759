import type { LiveStatus } from "./live";

/**
 * How the server processes of one site share the work that must be done once (http/primary.ts
 * starts them, WEB_CONCURRENCY of them). The leader fetches and polls the repository, checks new
 * commits (compiling their changed pages into DATA_DIR/compiled), records the live commit in
 * DATA_DIR and writes the history index; followers go live with the commit the leader made live,
 * load the history index and compiled pages the leader wrote, and hand webhooks on to it. A process
 * started on its own (the tests, `node build/index.js`) leads and has nobody to tell.
 */
export type Role = "leader" | "follower";

/** What the leader tells the followers, each time a check or fetch settles. */
export type LeaderStatus = Pick<LiveStatus, "commit" | "catchingUp" | "lastFetch" | "lastError">;

/** Messages between the server processes and the primary, which passes them on. */
export type CoordinationMessage =
  /** Leader → primary: started, and its history index is built; followers may start. */
  | { kind: "sui-docs:ready" }
  /** Follower → primary → leader: a webhook arrived; fetch (the branches and tags, or one pull request's head). */
  | { kind: "sui-docs:fetch"; pull?: number }
  /** Leader → primary → followers: the live commit and the last fetch and error, for /api/status. */
  | { kind: "sui-docs:status"; status: LeaderStatus };

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
  /** Follower: asks the leader to fetch the branches and tags, or pull request `pull`'s head. */
  requestFetch(pull?: number): void;
  /** Leader: called when a follower asks for a fetch. */
  onFetchRequest(listener: (pull?: number) => void): void;
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
    requestFetch: (pull) => send({ kind: "sui-docs:fetch", ...(pull ? { pull } : {}) }),
    onFetchRequest: (listener) => listen((message) => message.kind === "sui-docs:fetch" && listener(message.pull)),
    onStatus: (listener) => listen((message) => message.kind === "sui-docs:status" && listener(message.status)),
  };
}
