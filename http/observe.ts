import type { IncomingMessage, ServerResponse } from "node:http";
import { keptPages, requestDuration, requests } from "../server/metrics";
import { accessLogEnabled, logRequest } from "./access-log";
import type { Replayed } from "./replay";
import { routeKind, type RouteKind } from "./route-kind";

/** Set by the edge on every answer made from a commit; read back for the log. */
const COMMIT_HEADER = "x-docs-commit";

/**
 * Counts (in /metrics) and logs (the access log) each request a process answers: a front the kept
 * pages it replays and the requests it refuses, a server process everything it answers. A request
 * a front passes on is counted by the server process that answers it, so each is counted once.
 */
export interface RequestObserver {
  /** A kept page was answered from memory. */
  replayed(req: IncomingMessage, answer: Replayed, start: number): void;
  /**
   * This process answers `req` some other way (refused, or through express and Remix): counted and
   * logged when the answer is finished. `looked` when the kept pages were looked up for it first.
   */
  answering(req: IncomingMessage, res: ServerResponse, start: number, looked: boolean): void;
  /** A front passes `req` on to a server process after looking it up among its kept pages. */
  passedOn(req: IncomingMessage): void;
}

/**
 * `role`: which process counts the kept pages' hits and misses; `liveCommit`: the commit of answers
 * that do not name theirs; `clientOf`: the reader's address, for the JSON log.
 */
export function requestObserver(
  role: "front" | "server",
  liveCommit: () => string | undefined,
  clientOf: (req: IncomingMessage) => string | undefined,
): RequestObserver {
  // Label sets are looked up once: the warm path then costs two additions.
  const counters = new Map<string, ReturnType<typeof requests.labels>>();
  const timers = new Map<RouteKind, ReturnType<typeof requestDuration.labels>>();
  const hits = keptPages.labels(role, "hit");
  const misses = keptPages.labels(role, "miss");
  const count = (kind: RouteKind, status: number, start: number) => {
    const key = `${kind} ${status}`;
    let counter = counters.get(key);
    if (!counter) counters.set(key, (counter = requests.labels(kind, String(status))));
    counter.inc();
    let timer = timers.get(kind);
    if (!timer) timers.set(kind, (timer = requestDuration.labels(kind)));
    timer.observe((performance.now() - start) / 1000);
  };
  const isPageRead = (req: IncomingMessage, kind: RouteKind) => kind === "page" && (req.method === "GET" || req.method === "HEAD");
  return {
    replayed(req, answer, start) {
      hits.inc();
      count("page", answer.status, start);
      if (accessLogEnabled)
        logRequest(req, req.url, {
          status: answer.status,
          length: answer.length ?? "-",
          start,
          kind: "page",
          commit: answer.commit,
          client: clientOf(req),
        });
    },
    answering(req, res, start, looked) {
      const { url } = req; // before express rewrites req.url for mounted middleware
      const kind = routeKind(url);
      if (looked && isPageRead(req, kind)) misses.inc();
      res.once("finish", () => {
        count(kind, res.statusCode, start);
        if (!accessLogEnabled) return;
        const header = res.getHeader(COMMIT_HEADER);
        logRequest(req, url, {
          status: res.statusCode,
          length: String(res.getHeader("content-length") ?? "-"),
          start,
          kind,
          commit: typeof header === "string" ? header : liveCommit() || undefined,
          client: clientOf(req),
        });
      });
    },
    passedOn(req) {
      if (isPageRead(req, routeKind(req.url))) misses.inc();
    },
  };
}
