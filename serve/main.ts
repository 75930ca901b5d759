/**
 * The production server: `npm start` runs it from build/index.js, where `remix build` compiles it
 * together with the app (remix.config.js `server`). It does what remix-serve did (express,
 * compression, static files, a request log), but answers pages already rendered from memory first,
 * without express or Remix.
 */
import http from "node:http";
import * as build from "@remix-run/dev/server-build";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { logAccess } from "./access-log";
import { refuseUnservable } from "./refuse";
import { serveRenderedPage } from "./rendered-pages";
import { closeWorkers } from "../server/index";

installGlobals({ nativeFetch: build.future.v3_singleFetch });

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: build.mode }));

const server = http.createServer((req, res) => {
  logAccess(req, res);
  if (refuseUnservable(req, res)) return;
  serveRenderedPage(req, res, build.assets.version).then(
    (served) => served || app(req, res),
    (error: unknown) => {
      console.error(error);
      app(req, res);
    },
  );
});

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST;
server.listen(port, host, () => {
  console.log(`sui-docs: listening on http://${host ?? "localhost"}:${port}`);
  if (build.mode === "development") void broadcastDevReady(build);
});
// Stopping the workers ends compiles in progress at once, so their requests answer and close() returns.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void closeWorkers().finally(() => server.close(() => process.exit(0))));
