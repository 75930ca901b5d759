import type { ServerResponse } from "node:http";
import { COMMIT_HEADER, type ResponseCommit } from "../server/response-commit";

/**
 * Names the commit an answer was read at (server/response-commit.ts) when its head is written:
 * the one its loaders recorded in `record`, else `fallback` (the live commit when the request
 * arrived: the answer read no content, or read the live site without saying so). A header the
 * answer set itself (a rendered page's, entry.server) stays.
 */
export function nameCommit(res: ServerResponse, record: ResponseCommit, fallback: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const commit = record.commit ?? fallback;
    if (commit && !this.hasHeader(COMMIT_HEADER)) this.setHeader(COMMIT_HEADER, commit);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
