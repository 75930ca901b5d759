import { CompileError, ContentError, NotFoundError, OverloadedError, PageTooLargeError, RefusedCommitError } from "../../server/index";
import type { ErrorPayload } from "./error-payload";

declare module "@remix-run/node" {
  // Loaders return data (not Responses) and useLoaderData types it as returned: single fetch serializes it.
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    /** The address the request came from (http/main.ts), which per-client limits count by. */
    clientAddress?: string;
    /**
     * Set by the documentation page route for entry.server, which answers the document: the
     * commit the page was read at (its ETag and its key in the rendered-page cache), and for a
     * Markdown twin (/page.md) the text sent instead of HTML; for a document, its body as inserted
     * (compiled HTML from DATA_DIR or a worker), which the Content-Security-Policy must not trust.
     * A release's page (/v/<tag>/) also depends on Latest (its notice and canonical link): `latest`
     * is Latest's commit, part of its ETag and key.
     */
    page?: { commit: string; markdown?: string; body?: string; latest?: string };
  }
}

/** The JSON body of every error answer: API routes, the webhook, MCP's transport errors. */
export interface JsonErrorBody {
  error: string;
}

/**
 * What any failure says, whatever the format it is answered in: an engine error with its status
 * and message, anything else logged and answered as a 500 that says no more than that.
 */
function describe(error: unknown): { payload: ErrorPayload; headers?: HeadersInit } {
  if (!(error instanceof ContentError)) {
    console.error(error);
    return {
      payload: {
        status: 500,
        title: "Something went wrong",
        message: "The server could not answer this request. The error has been logged.",
      },
    };
  }
  const payload: ErrorPayload = { status: error.status, title: titleOf(error), message: error.message };
  if ((error instanceof NotFoundError || error instanceof RefusedCommitError) && error.suggestion) payload.suggestion = error.suggestion;
  // Errors that say when to come back.
  return { payload, headers: error instanceof OverloadedError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined };
}

function titleOf(error: ContentError): string {
  // A source that does not compile (e.g. at a commit that was never published) is a content
  // problem the reader can route around, not a server fault: the title says so.
  if (error instanceof PageTooLargeError) return "This page is too large to show";
  if (error instanceof CompileError) return "This page's source does not compile";
  if (error instanceof RefusedCommitError) return "This commit was refused for publishing";
  if (error.status === 400) return "Bad request";
  if (error.status === 404) return "Page not found";
  return "Something went wrong";
}

/**
 * For pages: turns an error into a response to throw, whose payload the root ErrorBoundary
 * renders. A thrown Response (a redirect) is passed through.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  const { payload, headers } = describe(error);
  return Response.json(payload, { status: payload.status, headers });
}

/** For API routes: the JSON twin of errorResponse; a thrown Response (a redirect) is answered as is. */
export function jsonError(error: unknown): Response {
  if (error instanceof Response) return error;
  const { payload, headers } = describe(error);
  return errorJson(payload.status, payload.message, headers);
}

/** For files, which an image or a script tag reads: the message as plain text. */
export function textError(error: unknown): Response {
  if (error instanceof Response) return error;
  const { payload, headers } = describe(error);
  const answer = new Headers(headers);
  answer.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(`${payload.message}\n`, { status: payload.status, headers: answer });
}

/** The one JSON error answer, for refusals that are no engine error (405, 408, 413, 415). */
export function errorJson(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message } satisfies JsonErrorBody, { status, headers });
}

export { MAX_QUERY_STRING_LENGTH } from "./commit";
