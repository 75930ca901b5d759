import { content } from "~/content.server";
import { renderedPagesStats } from "../../server/index";

/** The live commit, the last fetch, the last publishing error and how the page caches fare, for operators and tests. */
export function loader() {
  return Response.json({ ...content.status(), renderedPages: renderedPagesStats() }, { headers: { "Cache-Control": "no-store" } });
}
