import type { IncomingMessage, ServerResponse } from "node:http";
// The page cache itself, not the engine's facade: the front process (front.ts) replays pages too
// and must not load the engine.
import { findRenderedPage, type CommitsNow, type Coding, type FoundPage } from "../server/rendered-pages";
import { codingFor } from "./accept-encoding";
import { headBlock } from "./security-headers";
import { WholeResponse } from "./whole-response";

/** What a replayed response was, for the access log. */
export interface Replayed {
  status: 200 | 304;
  /** Of the body; a 304 has none. */
  length?: number;
  /** The commit the page was rendered from. */
  commit: string;
}

/**
 * Responses made once per page and kept as long as what they describe: a 200's per body (one per
 * coding; the page's headers, the security headers, the coding and the length), a 304's per page
 * (its headers without Content-Type, as Remix answers one). The weak keys are the cached page's
 * own objects, so a response goes when its page leaves the cache.
 */
const okResponses = new WeakMap<Buffer, WholeResponse>();
const notModifiedResponses = new WeakMap<FoundPage["headers"], WholeResponse>();

function okResponse(page: FoundPage, security: ReadonlyArray<[string, string]>, coding: Coding | undefined, body: Buffer): WholeResponse {
  let response = okResponses.get(body);
  if (!response) {
    const encoding: Array<[string, string]> = coding ? [["Content-Encoding", coding]] : [];
    const head = headBlock(security, [...page.headers, ["Vary", "Accept-Encoding"], ...encoding, ["Content-Length", String(body.length)]]);
    response = new WholeResponse(200, head, body);
    okResponses.set(body, response);
  }
  return response;
}

function notModifiedResponse(page: FoundPage, security: ReadonlyArray<[string, string]>): WholeResponse {
  let response = notModifiedResponses.get(page.headers);
  if (!response) {
    const head = headBlock(
      security,
      page.headers.filter(([name]) => name.toLowerCase() !== "content-type"),
    );
    response = new WholeResponse(304, head);
    notModifiedResponses.set(page.headers, response);
  }
  return response;
}

/** What a replayer needs to know of its process. */
export interface ReplayContext {
  /** The app build's version, part of every page's key. */
  build: string;
  security: ReadonlyArray<[string, string]>;
  /** The origin a request's Host header names the site by (server/public-origin.ts). */
  publicOrigin: (host: string | undefined) => string;
  /** The live commit, which keys the pages without ?commit=, and the commit a ref names now. */
  now: CommitsNow;
}

/**
 * Answers requests for pages Remix has rendered before from memory, before express and Remix
 * run: the same headers (the security headers among them) and bytes, the same ETag and 304,
 * compressed as compression() would compress them but once per page rather than once per request.
 * A request must be one `refusal` let through, and nothing may have set headers on `res` yet: the
 * head is written whole. Undefined, having done nothing, when there is no such page.
 */
export function pageReplayer({ build, security, publicOrigin, now }: ReplayContext) {
  return (req: IncomingMessage, res: ServerResponse): Replayed | undefined => {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const page = findRenderedPage(req.url ?? "", publicOrigin(req.headers.host), build, now);
    if (!page) return undefined;
    const headOnly = req.method === "HEAD";
    if (req.headers["if-none-match"] === page.etag) {
      notModifiedResponse(page, security).send(res, headOnly);
      return { status: 304, commit: page.commit };
    }
    const coding = headOnly ? undefined : codingFor(req.headers["accept-encoding"]);
    const body = page.body(coding);
    okResponse(page, security, coding, body).send(res, headOnly);
    return { status: 200, length: body.length, commit: page.commit };
  };
}

/**
 * Answers `req` with a kept page if there is one, and tells `observer` (the request began at
 * `start`, performance.now()). False when there is none, or replaying it failed (logged as an
 * error), with nothing written to `res`: the caller answers it.
 */
export function replayed(
  replay: ReturnType<typeof pageReplayer>,
  req: IncomingMessage,
  res: ServerResponse,
  start: number,
  // Only the part of observe.ts's RequestObserver this needs, so that neither module imports the other.
  observer: { replayed(req: IncomingMessage, answer: Replayed, start: number): void },
): boolean {
  try {
    const answer = replay(req, res);
    if (!answer) return false;
    observer.replayed(req, answer, start);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}
