import { useEffect, useState } from "react";
import type { SearchResult } from "../../../server/index";

export type SearchState =
  | { status: "idle" | "loading"; results: SearchResult[] }
  | { status: "done"; results: SearchResult[] }
  | { status: "error"; results: SearchResult[]; error: string };

const DEBOUNCE_MS = 120;

/** Asks /api/search for `query` at the pinned commit; a newer query aborts the older request. */
export function useSearch(query: string, commit: string | undefined): SearchState {
  const [state, setState] = useState<SearchState>({ status: "idle", results: [] });
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: "idle", results: [] });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => ({ status: "loading", results: s.results }));
      const params = new URLSearchParams({ q });
      if (commit) params.set("commit", commit);
      try {
        const response = await fetch(`/api/search?${params}`, { signal: controller.signal });
        const body = (await response.json()) as { results?: SearchResult[]; error?: string };
        setState(
          response.ok
            ? { status: "done", results: body.results ?? [] }
            : { status: "error", results: [], error: body.error ?? `Search failed with status ${response.status}.` },
        );
      } catch {
        if (!controller.signal.aborted) setState({ status: "error", results: [], error: "Search is unavailable. Check your connection and try again." });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, commit]);
  return state;
}
