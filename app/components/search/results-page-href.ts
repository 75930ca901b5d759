/** The results page for `query` (at the pinned commit), with its parameters in canonical order. */
export function resultsPageHref(query: string, commit: string | undefined, limit?: number): string {
  const params = new URLSearchParams({ q: query.replace(/\s+/g, " ").trim() });
  if (limit !== undefined) params.set("limit", String(limit));
  if (commit) params.set("commit", commit);
  return `/search?${params}`;
}
