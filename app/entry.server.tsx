import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { MarkdownData, PageData } from "~/lib/page-data.server";
import { keepRenderedPage } from "~/lib/rendered-pages.server";

const ABORT_DELAY = 5_000;

/** Strong validator: the commit, the request path and the app build the page was rendered by. */
function etagOf(commit: string, build: string, path: string): string {
  return `"${commit.slice(0, 12)}-${build}-${Buffer.from(path).toString("base64url").slice(0, 160)}"`;
}

export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext): Promise<Response> {
  const data = context.staticHandlerContext.loaderData["routes/$"] as PageData | MarkdownData | undefined;
  if (!data || status !== 200) return streamDocument(request, status, headers, context);
  const url = new URL(request.url);
  const commit = typeof data.commit === "string" ? data.commit : data.commit.oid;
  const etag = etagOf(commit, context.manifest.version, url.pathname + url.search);
  headers.set("ETag", etag);
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  // The Markdown twin of a page (/page.md) is the page's source, not an HTML document.
  if (data.kind === "markdown") {
    headers.set("Content-Type", "text/markdown; charset=utf-8");
    return new Response(data.text, { status, headers });
  }
  // Pages are rendered whole and kept: the production server (serve/) replays them before Remix runs.
  const body = await renderToBuffer(request, context);
  headers.set("Content-Type", "text/html; charset=utf-8");
  keepRenderedPage(commit, context.manifest.version, url, { headers: [...headers], etag, body });
  return new Response(body, { status, headers });
}

/** Renders the whole document into memory, for pages that are kept and replayed. */
function renderToBuffer(request: Request, context: EntryContext): Promise<Buffer<ArrayBuffer>> {
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

/** Streams everything else (landing, history and error pages) as soon as its shell is ready. */
function streamDocument(request: Request, status: number, headers: Headers, context: EntryContext): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} />, {
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}
