import { CompileError, ContentError, OverloadedError } from "../../server/index";

declare module "@remix-run/node" {
  // Loaders return data (not Responses) and useLoaderData types it as returned: single fetch serializes it.
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    /** The address the request came from (http/main.ts), which per-client limits count by. */
    clientAddress?: string;
  }
}

/** Retry-After for errors that say when to come back. */
const retryHeaders = (error: ContentError): HeadersInit | undefined =>
  error instanceof OverloadedError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;

export interface ErrorPayload {
  status: number;
  title: string;
  message: string;
  /** Where the reader can go instead, e.g. the live version of a page missing at a commit. */
  suggestion?: { label: string; href: string };
}

/** Turns an engine error into a thrown Remix response carrying a message for the error page. */
export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ContentError) {
    // A source that does not compile (e.g. at a commit that was never published) is a content
    // problem the reader can route around, not a server fault: the title says so.
    const title =
      error instanceof CompileError
        ? "This page's source does not compile"
        : error.status === 400
          ? "Bad request"
          : error.status === 404
            ? "Page not found"
            : "Something went wrong";
    return Response.json({ status: error.status, title, message: error.message } satisfies ErrorPayload, { status: error.status });
  }
  console.error(error);
  return Response.json(
    {
      status: 500,
      title: "Something went wrong",
      message: "The server could not render this page. The error has been logged.",
    } satisfies ErrorPayload,
    { status: 500 },
  );
}

export function notFound(message: string, suggestion?: ErrorPayload["suggestion"]): Response {
  return Response.json({ status: 404, title: "Page not found", message, suggestion } satisfies ErrorPayload, { status: 404 });
}

/** The JSON twin of errorResponse, for API routes; a thrown Response (a redirect) is answered as is. */
export function jsonError(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ContentError) return Response.json({ error: error.message }, { status: error.status, headers: retryHeaders(error) });
  console.error(error);
  return Response.json({ error: "Internal error; it has been logged." }, { status: 500 });
}

export { MAX_QUERY_STRING_LENGTH } from "./commit";
