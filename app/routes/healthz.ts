import { content } from "~/content.server";

/** Liveness and readiness for the container: answers once the content repository is open. */
export function loader() {
  return Response.json({ ok: true, commit: content.liveSnapshot().commit.oid }, { headers: { "Cache-Control": "no-store" } });
}
