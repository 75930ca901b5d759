import { content } from "~/content.server";

/** The live commit, the last fetch and the last publishing error, for operators and tests. */
export function loader() {
  return Response.json(
    { ...content.live.status(), source: content.repository.kind, compiles: content.engine.compiles },
    { headers: { "Cache-Control": "no-store" } },
  );
}
