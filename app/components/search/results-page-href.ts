import { withRevision, type PinnedRevision } from "~/lib/commit";

/** The results page for `query` (at the pinned revision), with its parameters in canonical order. */
export function resultsPageHref(query: string, pinned: PinnedRevision | undefined, limit?: number): string {
  const params = new URLSearchParams({ q: query.replace(/\s+/g, " ").trim() });
  if (limit !== undefined) params.set("limit", String(limit));
  return withRevision(`/search?${params}`, pinned);
}
