import { ContentError } from "../../server/index";

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
    const title = error.status === 400 ? "Bad request" : error.status === 404 ? "Page not found" : "Something went wrong";
    return Response.json({ status: error.status, title, message: error.message } satisfies ErrorPayload, { status: error.status });
  }
  console.error(error);
  return Response.json({ status: 500, title: "Something went wrong", message: "The server could not render this page. The error has been logged." } satisfies ErrorPayload, { status: 500 });
}

export function notFound(message: string, suggestion?: ErrorPayload["suggestion"]): Response {
  return Response.json({ status: 404, title: "Page not found", message, suggestion } satisfies ErrorPayload, { status: 404 });
}

/** The JSON twin of errorResponse, for API routes. */
export function jsonError(error: unknown): Response {
  if (error instanceof ContentError) return Response.json({ error: error.message }, { status: error.status });
  console.error(error);
  return Response.json({ error: "Internal error; it has been logged." }, { status: 500 });
}
