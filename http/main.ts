/**
 * The production server, one process of it: `npm start` runs it from build/index.js (through
 * build/start.js, in each of WEB_CONCURRENCY processes), where `remix build` compiles it together
 * with the app (remix.config.js `server`). It does what remix-serve did (express,
 * compression, static files, a request log), but answers pages already rendered from memory first,
 * without express or Remix.
 */
import http from "node:http";
import * as build from "@remix-run/dev/server-build";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { accessLogEnabled, logAccess, logRequest } from "./access-log";
import { refusal, refuse } from "./refuse";
import { pageReplayer } from "./replay";
import { closeWorkers, processContentService } from "../server/index";
import { applySecurityHeaders, securityHeaders } from "./security-headers";

installGlobals({ nativeFetch: build.future.v3_singleFetch });

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
// The client's address is what per-client limits count by; behind a proxy, the proxy is one client.
app.all("*", createRequestHandler({ build, mode: build.mode, getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }) }));

// The app's modules, imported with the build above, started the service: this is the same one.
const content = await processContentService();
const SECURITY_HEADERS = securityHeaders(content.config.siteUrl);
const replayRenderedPage = pageReplayer({ build: build.assets.version, security: SECURITY_HEADERS, content });

const server = http.createServer((req, res) => {
  const start = accessLogEnabled ? performance.now() : 0;
  const reason = refusal(req);
  if (!reason) {
    // A page rendered before is answered with a head written once for it (security headers
    // included): the warm path does no more per request than finding the page and its coding.
    try {
      const replayed = replayRenderedPage(req, res);
      if (replayed) {
        if (accessLogEnabled) logRequest(req.method, req.url, replayed.status, replayed.length ?? "-", start);
        return;
      }
    } catch (error) {
      console.error(error);
    }
  }
  if (accessLogEnabled) logAccess(req, res, start);
  applySecurityHeaders(res, SECURITY_HEADERS);
  if (reason) refuse(res, reason);
  else app(req, res);
});
// A client gets 20 s to send its request head and 30 s for the whole request, body included.
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST;
server.listen(port, host, () => {
  console.log(`sui-docs: listening on http://${host ?? "localhost"}:${port}`);
  if (build.mode === "development") void broadcastDevReady(build);
});
// Stopping the workers ends compiles in progress at once, so their requests answer and close() returns.
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => void closeWorkers().finally(() => server.close(() => process.exit(0))));
