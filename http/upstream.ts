import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "./front-messages";

/** Headers that describe one connection, not the message: each hop sets its own (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "upgrade", "trailer"];
const RESPONSE_DROPS = new Set(HOP_BY_HOP);
/** A client may not pass for another by sending the header the front adds. */
const REQUEST_DROPS = new Set([...HOP_BY_HOP, CLIENT_ADDRESS_HEADER]);

/** A flat name, value, … list (as node:http reads headers) without the names in `drop`. */
function without(raw: string[], drop: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!drop.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}

export interface Upstreams {
  /** Loopback ports of the server processes, taken in turn. */
  ports: number[];
}

/**
 * How long a server process has to start its answer once it has the whole request. A cold page
 * waits for its compile (a compile job is stopped at 20 s) and its render; 60 s leaves room for a
 * queue before it on a busy machine. The webhook needs no more: it is acknowledged before the fetch
 * it starts. A server process that is stopped (SIGSTOP) or spinning never answers; past this the
 * client gets a 504 rather than waiting for ever, and the primary replaces the process (primary.ts).
 * SUI_DOCS_UPSTREAM_DEADLINE_MS shortens it for tests.
 */
export const UPSTREAM_DEADLINE_MS = Number(process.env.SUI_DOCS_UPSTREAM_DEADLINE_MS) || 60_000;

/**
 * Passes requests the front cannot answer from memory on to the site's server processes, over
 * loopback connections kept open between requests, and their answers back as they stream: the
 * request as the client sent it (its body too: webhooks, MCP) with the client's address added, the
 * response with its status and headers untouched. A server process that cannot be reached gets the
 * client a 502 that says so, one that does not start its answer within `deadlineMs` a 504.
 */
export function upstreamProxy(
  upstreams: Upstreams,
  answer: (res: ServerResponse, status: number, message: string) => void,
  /** The reader's address (client-address.ts), which the server process counts per-client limits by. */
  clientOf: (req: IncomingMessage) => string | undefined,
  deadlineMs = UPSTREAM_DEADLINE_MS,
) {
  // With a timeout set, node's agent closes an idle connection a second before the server process's
  // Keep-Alive timeout would, so a request is rarely sent on a connection the other end is closing.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });
  let next = 0;

  const send = (req: IncomingMessage, res: ServerResponse, retry: boolean): void => {
    const port = upstreams.ports[next++ % upstreams.ports.length];
    if (port === undefined) return answer(res, 503, "The site is starting; try again in a few seconds.");
    const outgoing = http.request({
      host: "127.0.0.1",
      port,
      method: req.method,
      path: req.url,
      agent,
      headers: [...without(req.rawHeaders, REQUEST_DROPS), CLIENT_ADDRESS_HEADER, clientOf(req) ?? ""],
    });
    // The deadline starts once the request is sent whole: a client's slow body is the server
    // process's to time (its requestTimeout), not a sign that the process hangs.
    let deadline: NodeJS.Timeout | undefined;
    outgoing.once("finish", () => {
      deadline = setTimeout(() => {
        console.error(`sui-docs: the server process on port ${port} did not answer ${req.method} ${req.url} within ${deadlineMs / 1000} s`);
        outgoing.destroy();
        if (res.headersSent) res.destroy();
        else answer(res, 504, `The site's server process did not answer within ${deadlineMs / 1000} s; try again in a little while.`);
      }, deadlineMs);
    });
    outgoing.once("close", () => clearTimeout(deadline));
    outgoing.on("response", (incoming) => {
      clearTimeout(deadline);
      res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, without(incoming.rawHeaders, RESPONSE_DROPS));
      incoming.pipe(res);
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (res.writableEnded) return;
      if (res.headersSent) return void res.destroy(error);
      // Closed by the server process as it was reused (the rare case the timeout above leaves): a
      // request without a body can be sent again, on a new connection.
      if (retry && outgoing.reusedSocket && error.code === "ECONNRESET" && (req.method === "GET" || req.method === "HEAD")) {
        return send(req, res, false);
      }
      console.error(`sui-docs: the server process on port ${port} did not answer ${req.method} ${req.url}: ${error.message}`);
      answer(res, 502, "The site's server process did not answer; try again in a few seconds.");
    });
    // A client that leaves before its answer is complete leaves nothing running for it.
    res.once("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    if (retry) req.pipe(outgoing);
    else outgoing.end();
  };
  return (req: IncomingMessage, res: ServerResponse) => send(req, res, true);
}
