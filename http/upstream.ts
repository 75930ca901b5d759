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
 * Passes requests the front cannot answer from memory on to the site's server processes, over
 * loopback connections kept open between requests, and their answers back as they stream: the
 * request as the client sent it (its body too: webhooks, MCP) with the client's address added, the
 * response with its status and headers untouched. A server process that cannot be reached gets the
 * client a 502 that says so.
 */
export function upstreamProxy(upstreams: Upstreams, answer: (res: ServerResponse, status: number, message: string) => void) {
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
      headers: [...without(req.rawHeaders, REQUEST_DROPS), CLIENT_ADDRESS_HEADER, req.socket.remoteAddress ?? ""],
    });
    outgoing.on("response", (incoming) => {
      res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, without(incoming.rawHeaders, RESPONSE_DROPS));
      incoming.pipe(res);
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
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
