import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { COMMIT_HEADER, documentPolicy, keepRenderedPage, renderedPageCommit } from "../server/index";
import { publicOrigin } from "~/lib/origin.server";
import { tailIntoBody } from "~/lib/document-tail.server";

const ABORT_DELAY = 5_000;

/** Strong validator: the commit, the request path and the app build the page was rendered by. */
function etagOf(commit: string, build: string, path: string): string {
  const commits = commit
    .split("+")
    .map((oid) => oid.slice(0, 12))
    .join("+");
  return `"${commits}-${build}-${Buffer.from(path).toString("base64url").slice(0, 160)}"`;
}

/**
 * Every document is rendered whole before it is sent: its Content-Security-Policy lists the hashes
 * of the inline scripts the app wrote into it, so the policy can only be written once the HTML is.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const page = status === 200 ? loadContext.page : undefined;
  const url = new URL(request.url);
  let etag: string | undefined;
  // What the page was rendered from: its commit, and Latest's for a release's page (renderedPageCommit).
  const keyCommit = page && renderedPageCommit(page.commit, page.latest);
  if (page && keyCommit) {
    etag = etagOf(keyCommit, context.manifest.version, url.pathname + url.search);
    headers.set("ETag", etag);
    // Part of the page as kept, so the fronts' replays name the commit too.
    headers.set(COMMIT_HEADER, page.commit);
  }
  let body: Buffer<ArrayBuffer>;
  // The Markdown twin of a page (/page.md) is its clean Markdown (server/markdown), not an HTML document.
  if (page?.markdown !== undefined && etag) {
    body = Buffer.from(page.markdown, "utf8");
    headers.set("Content-Type", "text/markdown; charset=utf-8");
  } else {
    body = tailIntoBody(await renderToBuffer(request, context));
    headers.set("Content-Type", "text/html; charset=utf-8");
    // Scripts are hashed from what the app wrote, never from the page body it inserted as it is.
    headers.set("Content-Security-Policy", documentPolicy(body, page?.body));
  }
  if (keyCommit && etag) {
    // Pages and their Markdown twins are kept: the production server (http/) replays them before
    // Remix runs, in one write of head and body. A reply through Remix and compression() goes out
    // in pieces, and a replica killed between them (kill -9) cut the reader's response short.
    keepRenderedPage(keyCommit, context.manifest.version, publicOrigin(request.headers.get("Host")), url, {
      headers: [...headers],
      etag,
      body,
    });
    // A 304 carries the policy too: a browser updates the headers of its cached copy from it.
    if (request.headers.get("If-None-Match") === etag) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(body, { status, headers });
}

let lastRender: Promise<unknown> = Promise.resolve();

/**
 * Documents are rendered one at a time, each starting on an event-loop turn of its own. React does
 * a render's work in setImmediate callbacks, and all callbacks queued by then run back to back: a
 * crawler's cold pages whose data arrived together would be rendered in one stretch, and a reader of
 * a page kept in memory (answered as soon as its request is read) would wait for all of them. One at
 * a time, it waits for one render's work at most.
 */
function renderToBuffer(request: Request, context: EntryContext): Promise<Buffer<ArrayBuffer>> {
  const render = lastRender.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => renderDocument(request, context));
  lastRender = render.catch(() => undefined);
  return render;
}

/** Renders the whole document into memory. */
function renderDocument(request: Request, context: EntryContext): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} />, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
    setTimeout(abort, ABORT_DELAY).unref();
  });
}
