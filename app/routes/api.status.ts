import { content } from "~/content.server";
import { methodNotAllowed } from "~/lib/http.server";

/** The live commit, the last fetch and the last publishing error, for operators and tests. */
export function loader() {
  return Response.json(
    { ...content.live.status(), source: content.repository.kind, compiles: content.engine.compiles },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = methodNotAllowed;
