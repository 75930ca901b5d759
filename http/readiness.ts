import type { IncomingMessage, ServerResponse } from "node:http";
import type { CatchingUp } from "../server/source/live";
import { COMMIT_HEADER } from "../server/response-commit";

export const READINESS_PATH = "/readyz";

/**
 * How long a fetch a webhook announced may run before the replica says it is behind. A fleet's
 * replicas fetch the same push together (1 to 2.5 s from a smart-HTTP remote): were each to fail
 * readiness at once, a balancer would take them all out of rotation together and answer errors
 * instead of the previous commit. A replica still fetching after this is behind its peers.
 */
export const PUSH_CATCH_UP_GRACE_MS = 5_000;

/** What a process knows of its own state, for /readyz. */
export interface ReadinessFacts {
  /** The commit it serves; undefined until it knows one (a front before the leader's first status). */
  commit?: string;
  catchingUp?: CatchingUp;
  /** A front: how many server processes it can pass requests to. */
  upstreams?: number;
  /** SIGTERM received: finishing what it serves, then exiting. */
  draining: boolean;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Ready means: this replica serves its branch's current live commit and will go on serving. Not
 * while it stops, starts (opens or clones the repository, has no server process yet, has not
 * fetched since start) or is behind a push it was told of for longer than the grace above. A
 * failed fetch settles: the replica serves the last commit it has, as every peer would.
 */
export function readiness({ commit, catchingUp, upstreams, draining }: ReadinessFacts, now = Date.now()): Readiness {
  if (draining) return { ready: false, reason: "stopping: finishing the requests under way" };
  if (commit === undefined) return { ready: false, reason: "starting: the content repository is not open yet" };
  if (upstreams === 0) return { ready: false, reason: "starting: no server process listens yet" };
  if (catchingUp?.reason === "start") return { ready: false, reason: "starting: fetching the branch's current commit" };
  if (catchingUp) {
    const seconds = (now - Date.parse(catchingUp.since)) / 1000;
    if (seconds * 1000 >= PUSH_CATCH_UP_GRACE_MS)
      return { ready: false, reason: `catching up: a push announced ${Math.floor(seconds)} s ago is not live yet` };
  }
  return { ready: true };
}

export function isReadinessRequest(req: IncomingMessage): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") && (req.url === READINESS_PATH || req.url?.startsWith(`${READINESS_PATH}?`) === true)
  );
}

/** 200 or 503 with `{ ready, commit, reason? }`, never kept by any cache. */
export function answerReadiness(res: ServerResponse, facts: ReadinessFacts, headOnly: boolean): void {
  const verdict = readiness(facts);
  const body = JSON.stringify({ ...verdict, ...(facts.commit ? { commit: facts.commit } : {}) });
  res.writeHead(verdict.ready ? 200 : 503, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(body),
    ...(facts.commit ? { [COMMIT_HEADER]: facts.commit } : {}),
  });
  res.end(headOnly ? undefined : body);
}
