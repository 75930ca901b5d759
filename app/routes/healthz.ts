import { content } from "~/content.server";

/** Liveness and readiness for the container: answers once the content repository is open. */
export function loader() {
  const { commit } = content.live.status();
  return Response.json({ ok: true, commit }, { headers: { "Cache-Control": "no-store" } });
}
