import { BadRequestError, noteResponseCommit, RefusedCommitError, type RefTip, type Snapshot } from "../../server/index";
import { content } from "~/content.server";
import { redirectToCanonical } from "./canonical-url.server";
import { requestedRevision, type PinnedRevision } from "./commit";

/** A request for content: what it names, at the live commit, at the one ?commit= pins or at ?ref='s tip. */
export interface ContentRequest {
  url: URL;
  snapshot: Snapshot;
  /** ?commit= with the full id it resolved to, or ?ref= as named; undefined for the live site. */
  pinned?: PinnedRevision;
  /** The branch, tag or pull request ?ref= names, for the preview banner. */
  ref?: RefTip;
  /**
   * Throws a 301 to the route's canonical URL (canonical-url.server.ts), or returns when the URL is
   * canonical. Routes call it once what the URL names is found, so a missing page is a 404 however
   * the URL was spelled.
   */
  redirectToCanonical(): void;
}

/**
 * The opening every content route shares: the URL, and the snapshot it reads. `known` lists the
 * query parameters the route reads, in canonical order (`commit` stands for the pinned revision).
 * Bad and unknown commits and refs throw the engine's errors (400, 404), refused commits 409.
 */
export async function contentRequest(request: Request, known: readonly string[] = ["commit"]): Promise<ContentRequest> {
  const url = new URL(request.url);
  const { revision, problem } = requestedRevision(url);
  if (problem) throw new BadRequestError(problem);
  const at = async (): Promise<Pick<ContentRequest, "snapshot" | "pinned" | "ref">> => {
    if (!revision) return { snapshot: content.liveSnapshot() };
    if (revision.param === "version") return { snapshot: (await content.snapshotAtRelease(revision.value)).snapshot, pinned: revision };
    if (revision.param === "ref") return { ...(await content.snapshotAtRef(revision.value)), pinned: revision };
    const snapshot = await content.snapshotAt(revision.value).catch((error: unknown) => {
      // A refused commit's reader is pointed at what is live at the same address.
      if (!(error instanceof RefusedCommitError)) throw error;
      throw new RefusedCommitError(error.commit, error.file, error.reason, {
        label: "Read the live version",
        href: `/${url.pathname.replace(/^\/+/, "")}`,
      });
    });
    return { snapshot, pinned: { param: "commit", value: snapshot.commit.oid } };
  };
  const { snapshot, pinned, ref } = await at();
  // The answer names the commit it was read at (X-Docs-Commit).
  noteResponseCommit(snapshot.commit.oid);
  return { url, snapshot, pinned, ref, redirectToCanonical: () => redirectToCanonical(url, known, pinned) };
}
