import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The header every response names its commit in: the commit a page or API answer was read at (the
 * live one, a pinned ?commit=, a preview's tip), or the live commit for answers that read none. A
 * fleet's answers can be compared by it (issue 27), and a shared cache's copy dated.
 */
export const COMMIT_HEADER = "X-Docs-Commit";

/** What one request has read so far. */
export interface ResponseCommit {
  commit?: string;
}

const current = new AsyncLocalStorage<ResponseCommit>();

/** Runs `handle` (a request's whole handling) with a record of the commit it reads. */
export function readingCommit<T>(record: ResponseCommit, handle: () => T): T {
  return current.run(record, handle);
}

/**
 * Records that the request being handled reads `commit` (the loaders' content lookup calls it).
 * The first commit read is the answer's: a request reads one revision.
 */
export function noteResponseCommit(commit: string): void {
  const record = current.getStore();
  if (record && record.commit === undefined) record.commit = commit;
}
