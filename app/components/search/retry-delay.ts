/** The longest a search waits to ask again when the server says when (Retry-After), s. */
const MAX_RETRY_AFTER_S = 30;

/**
 * How long to wait before asking again, ms, or undefined for a failure not worth asking again: a
 * 429 or 503 with Retry-After in seconds is the server saying an answer will come (the index is
 * still being built, the reader's share is spent).
 */
export function retryDelayMs(status: number, retryAfter: string | null): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const seconds = Number(retryAfter);
  return retryAfter && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_AFTER_S) * 1000 : undefined;
}
