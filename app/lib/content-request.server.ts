import type { Snapshot } from "../../server/index";
import { content } from "~/content.server";
import { redirectToCanonical } from "./canonical-url.server";
import { commitParam } from "./http.server";

/** A request for content: what it names, at the live commit or at the one ?commit= pins. */
export interface ContentRequest {
  url: URL;
  snapshot: Snapshot;
  /** The full id of the commit ?commit= resolved to; undefined for the live site. */
  pinned?: string;
  /**
   * Throws a 301 to the route's canonical URL (canonical-url.server.ts), or returns when the URL is
   * canonical. Routes call it once what the URL names is found, so a missing page is a 404 however
   * the URL was spelled.
   */
  redirectToCanonical(): void;
}

/**
 * The opening every content route shares: the URL, and the snapshot it reads. `known` lists the
 * query parameters the route reads, in canonical order. Bad and unknown commits throw the engine's
 * errors.
 */
export async function contentRequest(request: Request, known: readonly string[] = ["commit"]): Promise<ContentRequest> {
  const url = new URL(request.url);
  const param = commitParam(url);
  const snapshot = await content.snapshotAt(param);
  const pinned = param === null ? undefined : snapshot.commit.oid;
  return { url, snapshot, pinned, redirectToCanonical: () => redirectToCanonical(url, known, pinned) };
}
