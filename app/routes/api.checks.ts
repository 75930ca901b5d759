import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadChecks } from "~/lib/checks.server";
import { jsonError } from "~/lib/http.server";

/**
 * What a branch, tag or pull request (?ref=) would break if it were published: pages that do not
 * compile, sidebar problems, broken links and anchors, missing files, and the pages it adds,
 * removes and changes. A ref moves with every push, so the answer is not kept by shared caches;
 * the server keeps it per commit.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const report = await loadChecks(new URL(request.url), context.clientAddress);
    return Response.json(report, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jsonError(error);
  }
}
