/**
 * The production server, one process of it: `npm start` runs it from build/index.js (through
 * build/start.js, in each of WEB_CONCURRENCY processes), where `remix build` compiles it together
 * with the app (remix.config.js `server`). It does what remix-serve did (express,
 * compression, static files, a request log), but answers pages already rendered from memory first,
 * without express or Remix.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as build from "@remix-run/dev/server-build";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { rangesOrExit } from "./address-ranges";
import { parseTrustedProxies, readerAddress } from "./client-address";
import { Drain, drainMsOrExit } from "./drain";
import { beatToPrimary } from "./liveness";
import { BEHIND_FRONT_VARIABLE, CLIENT_ADDRESS_HEADER, isFrontMessage, type FrontMessage } from "./front-messages";
import { metricsEndpoint } from "./metrics";
import { parseMetricsAllow } from "./metrics-allow";
import { reportMetricsToPrimary } from "./metrics-report";
import { requestObserver } from "./observe";
import { refusal, refuse } from "./refuse";
import { answerReadiness, isReadinessRequest } from "./readiness";
import { pageReplayer, replayed } from "./replay";
import {
  closeWorkers,
  keptPages,
  onPageKept,
  publicOriginOf,
  processContentService,
  readingCommit,
  type CommitsNow,
  type ResponseCommit,
} from "../server/index";
import { nameCommit } from "./commit-header";
import { applySecurityHeaders, securityHeaders } from "./security-headers";
import { countProcess } from "../server/metrics";
import { ROLE_VARIABLE } from "../server/source/coordination";

installGlobals({ nativeFetch: build.future.v3_singleFetch });
beatToPrimary();
const metricsAllow = rangesOrExit(parseMetricsAllow(process.env.METRICS_ALLOW));
const trustedProxies = rangesOrExit(parseTrustedProxies(process.env.TRUSTED_PROXIES));
reportMetricsToPrimary();
countProcess(process.send ? (process.env[ROLE_VARIABLE] === "follower" ? "follower" : "leader") : "single");

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
/** Behind front processes (http/front.ts), this process takes their requests on a loopback port only. */
const behindFront = process.env[BEHIND_FRONT_VARIABLE] === "1";
// The reader's address is what per-client limits count by (client-address.ts: a trusted proxy's
// X-Forwarded-For is read). Behind the site's own fronts, the front found it.
const clientAddress = (req: http.IncomingMessage) =>
  behindFront
    ? (req.headers[CLIENT_ADDRESS_HEADER] as string | undefined)
    : readerAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
app.all("*", createRequestHandler({ build, mode: build.mode, getLoadContext: (req) => ({ clientAddress: clientAddress(req) }) }));

// The app's modules, imported with the build above, started the service: this is the same one.
const content = await processContentService();
const SECURITY_HEADERS = securityHeaders(content.config.siteUrl);
const now: CommitsNow = {
  get live() {
    return content.liveSnapshot().commit.oid;
  },
  ref: (name) => content.refCommitNow(name),
};
const replayRenderedPage = pageReplayer({
  build: build.assets.version,
  security: SECURITY_HEADERS,
  publicOrigin: publicOriginOf(content.config),
  now,
});
const observer = requestObserver("server", () => now.live, clientAddress);
const answerMetrics = metricsEndpoint(metricsAllow);
const tellPrimary = (message: FrontMessage) => process.send?.(message);
if (behindFront) {
  onPageKept((kept) => tellPrimary({ kind: "sui-docs:kept", kept }));
  process.on("message", (message: unknown) => {
    if (isFrontMessage(message) && message.kind === "sui-docs:resend")
      for (const kept of keptPages()) tellPrimary({ kind: "sui-docs:kept", kept });
  });
}

const server = http.createServer((req, res) => {
  const start = performance.now();
  drain.track(res);
  const reason = refusal(req);
  // A page rendered before is answered with a head written once for it (security headers
  // included): the warm path does no more per request than finding the page and its coding.
  if (!reason && replayed(replayRenderedPage, req, res, start, observer)) return;
  observer.answering(req, res, start, !reason);
  applySecurityHeaders(res, SECURITY_HEADERS);
  if (!reason && isReadinessRequest(req))
    return answerReadiness(res, { ...content.readiness(), draining: drain.draining }, req.method === "HEAD");
  const read: ResponseCommit = {};
  nameCommit(res, read, now.live);
  if (reason) refuse(res, reason);
  else if (!answerMetrics(req, res, clientAddress(req))) readingCommit(read, () => app(req, res));
});
// A client gets 20 s to send its request head and 30 s for the whole request, body included.
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

if (behindFront) {
  // Its own port (exclusive: not shared through node:cluster), which the primary tells the fronts.
  server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
    const { port } = server.address() as AddressInfo;
    tellPrimary({ kind: "sui-docs:upstream", port, build: build.assets.version });
  });
} else {
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST;
  server.listen(port, host, () => {
    console.log(`sui-docs: listening on http://${host ?? "localhost"}:${port}`);
    if (build.mode === "development") void broadcastDevReady(build);
  });
}
// On SIGTERM (from the primary, once the fronts have stopped, or from an orchestrator) the process
// fails readiness and finishes what it serves (drain.ts). Then stopping the workers ends what they
// still compile: past the drain's deadline, that lets the requests left answer before the exit.
const drain = new Drain(server, drainMsOrExit(), (timedOut) => {
  if (timedOut) console.error("sui-docs: requests were still under way when the shutdown drain ended (SHUTDOWN_DRAIN_MS)");
  void closeWorkers().finally(() => process.exit(0));
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => drain.begin());
