/**
 * A front process (build/front.js; the primary starts FRONT_PROCESSES of them on the public port):
 * it answers the pages the server processes have rendered from its own copy of them, and passes
 * every other request on to a server process (upstream.ts). It loads node:http, the page cache and
 * the response heads, nothing of the engine, React or express: in a process that holds only that,
 * each warm request costs what node:http costs. The server processes send each page they keep
 * (front-messages.ts), and the leader's status names the live commit, as it does for followers.
 */
import http from "node:http";
import { readConfig } from "../server/config";
import { keepRenderedPage, type CommitsNow } from "../server/rendered-pages";
import { publicOriginOf } from "../server/public-origin";
import { isCoordinationMessage, type LeaderStatus } from "../server/source/coordination";
import { countProcess } from "../server/metrics";
import { rangesOrExit } from "./address-ranges";
import { parseTrustedProxies, readerAddress } from "./client-address";
import { Drain, drainMsOrExit } from "./drain";
import { isFrontMessage, type FrontMessage } from "./front-messages";
import { reportMetricsToPrimary } from "./metrics-report";
import { requestObserver } from "./observe";
import { refusal, refuse } from "./refuse";
import { answerReadiness, isReadinessRequest } from "./readiness";
import { pageReplayer, replayed } from "./replay";
import { applySecurityHeaders, securityHeaders } from "./security-headers";
import { upstreamProxy, type Upstreams } from "./upstream";

const config = readConfig();
const SECURITY_HEADERS = securityHeaders(config.siteUrl);
const publicOrigin = publicOriginOf(config);
const upstreams: Upstreams = { ports: [] };
let replay: ReturnType<typeof pageReplayer> | undefined;
let build: string | undefined;
/** Until the leader's first status, no page is live here and every request goes on. */
const now: CommitsNow = { live: "", ref: () => undefined };
/** The leader's last status: the live commit and whether it is catching up, for /readyz. */
let leader: LeaderStatus | undefined;

const answer = (res: http.ServerResponse, status: number, message: string) => {
  applySecurityHeaders(res, SECURITY_HEADERS);
  if (status === 503) res.setHeader("Retry-After", "2");
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(`${message}\n`);
};
const trustedProxies = rangesOrExit(parseTrustedProxies(process.env.TRUSTED_PROXIES));
const clientOf = (req: http.IncomingMessage) => readerAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
const passOn = upstreamProxy(upstreams, answer, clientOf);
const observer = requestObserver("front", () => now.live, clientOf);
countProcess("front");
reportMetricsToPrimary();

function receive(message: FrontMessage): void {
  switch (message.kind) {
    case "sui-docs:upstreams":
      upstreams.ports = message.ports;
      if (message.build !== build) {
        build = message.build;
        replay = pageReplayer({ build, security: SECURITY_HEADERS, publicOrigin, now });
      }
      return;
    case "sui-docs:kept": {
      const { commit, build: pageBuild, origin, target, page } = message.kept;
      // Advanced serialization hands a Buffer over as a plain Uint8Array.
      const body = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
      keepRenderedPage(commit, pageBuild, origin, new URL(target, origin), { ...page, body });
      return;
    }
  }
}

process.on("message", (message: unknown) => {
  if (isFrontMessage(message)) receive(message);
  else if (isCoordinationMessage(message) && message.kind === "sui-docs:status") {
    leader = message.status;
    now.live = message.status.commit;
  }
});

const server = http.createServer((req, res) => {
  const start = performance.now();
  drain.track(res);
  const reason = refusal(req);
  // Answered here, not by a server process: the front knows the leader's state, and stops first.
  if (!reason && isReadinessRequest(req)) {
    observer.answering(req, res, start, false);
    applySecurityHeaders(res, SECURITY_HEADERS);
    const facts = { commit: leader?.commit, catchingUp: leader?.catchingUp, upstreams: upstreams.ports.length, draining: drain.draining };
    return answerReadiness(res, facts, req.method === "HEAD");
  }
  if (!reason && replay && replayed(replay, req, res, start, observer)) return;
  if (reason) {
    observer.answering(req, res, start, false);
    applySecurityHeaders(res, SECURITY_HEADERS);
    return refuse(res, reason);
  }
  // The server process counts and logs what it answers and sets its own security headers.
  if (replay) observer.passedOn(req);
  passOn(req, res);
});
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;
server.listen(Number(process.env.PORT || 3000), process.env.HOST);
// The primary stops the fronts first (SIGTERM) and the server processes once they have exited.
const drain = new Drain(server, drainMsOrExit(), (timedOut) => {
  if (timedOut) console.error("sui-docs: requests were still under way when the shutdown drain ended (SHUTDOWN_DRAIN_MS)");
  process.exit(0);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => drain.begin());
