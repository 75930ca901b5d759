import type { Suggestion } from "../../server/index";

/** What the site's error page shows (root ErrorBoundary); http.server.ts writes it for every failure. */
export interface ErrorPayload {
  status: number;
  title: string;
  message: string;
  /** Where the reader can go instead, e.g. the live version of a page missing at a commit. */
  suggestion?: Suggestion;
}

/** Whether a thrown response's data is an error page's payload (errorResponse wrote it). */
export function isErrorPayload(value: unknown): value is ErrorPayload {
  return typeof value === "object" && value !== null && "status" in value && "title" in value && "message" in value;
}
