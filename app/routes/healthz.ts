import { content } from "~/content.server";

/** Liveness for the container: answers once the content repository is open (readiness is /readyz, http/readiness.ts). */
export function loader() {
  return Response.json({ ok: true, commit: content.liveSnapshot().commit.oid }, { headers: { "Cache-Control": "no-store" } });
}
