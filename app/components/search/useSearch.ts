import { useEffect, useState } from "react";
import type { PageHit } from "../../../server/index";
import { queryRevision, type PinnedRevision } from "~/lib/commit";
import { retryDelayMs } from "./retry-delay";

export type SearchState =
  | { status: "idle" | "loading"; results: PageHit[]; total: number }
  | { status: "done"; results: PageHit[]; total: number; suggestions: string[] }
  | { status: "error"; results: PageHit[]; total: number; error: string };

const DEBOUNCE_MS = 120;

/**
 * Asks /api/search for `query` at the pinned revision; a newer query aborts the older request. A
 * refusal that says when to come back is shown and asked again then, while the query stands.
 */
export function useSearch(query: string, pinned: PinnedRevision | undefined): SearchState {
  const [state, setState] = useState<SearchState>({ status: "idle", results: [], total: 0 });
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: "idle", results: [], total: 0 });
      return;
    }
    const controller = new AbortController();
    const ask = async () => {
      setState((s) => ({ status: "loading", results: s.results, total: s.total }));
      const params = new URLSearchParams({ q });
      if (pinned) for (const [param, value] of Object.entries(queryRevision(pinned))) params.set(param, value);
      try {
        const response = await fetch(`/api/search?${params}`, { signal: controller.signal });
        const body = (await response.json()) as { results?: PageHit[]; total?: number; suggestions?: string[]; error?: string };
        if (response.ok) {
          setState({ status: "done", results: body.results ?? [], total: body.total ?? 0, suggestions: body.suggestions ?? [] });
          return;
        }
        const error = body.error ?? `Search failed with status ${response.status}.`;
        setState({ status: "error", results: [], total: 0, error });
        const delay = retryDelayMs(response.status, response.headers.get("Retry-After"));
        if (delay !== undefined && !controller.signal.aborted) timer = setTimeout(ask, delay);
      } catch {
        if (!controller.signal.aborted)
          setState({ status: "error", results: [], total: 0, error: "Search is unavailable. Check your connection and try again." });
      }
    };
    let timer = setTimeout(ask, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, pinned]);
  return state;
}
