import { BadRequestError } from "../errors";

export const MAX_QUERY_LENGTH = 200;
/** Most pages one search answers with; past it, more words narrow the search better than scrolling. */
export const MAX_RESULTS = 50;
export const DEFAULT_RESULTS = 10;

export interface SearchRequest {
  q: string;
  /** How many pages of results to return. */
  limit: number;
}

/** ?q= with runs of white space made one space; empty when absent or blank. */
export function searchWords(params: URLSearchParams): string {
  return (params.get("q") ?? "").replace(/\s+/g, " ").trim();
}

/** Validates ?q= and ?limit=; every rejection says what a valid request looks like. */
export function parseSearchRequest(params: URLSearchParams, defaultLimit = DEFAULT_RESULTS): SearchRequest {
  const q = searchWords(params);
  if (!q) throw new BadRequestError("Search needs a query: /api/search?q=<words>.");
  if (q.length > MAX_QUERY_LENGTH) {
    throw new BadRequestError(`Search queries are at most ${MAX_QUERY_LENGTH} characters; this one has ${q.length}.`);
  }
  const rawLimit = params.get("limit");
  // Plain digits only: Number() would also take "1e1", "0x10" and " 5".
  const limit = rawLimit === null ? defaultLimit : /^[0-9]{1,3}$/.test(rawLimit) ? Number(rawLimit) : NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESULTS) {
    throw new BadRequestError(
      `limit must be a whole number from 1 to ${MAX_RESULTS} (pages of results); got "${(rawLimit ?? "").slice(0, 20)}".`,
    );
  }
  return { q, limit };
}
