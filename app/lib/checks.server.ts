import { BadRequestError, type RefReport, type RefTip } from "../../server/index";
import { content } from "~/content.server";
import { MAX_QUERY_STRING_LENGTH } from "./http.server";
import { singleParam } from "./query-params.server";

/** The checks of ?ref= (a branch, tag or pull/<n>) against ?base= (a branch; the live commit by default); `client` is who asks. */
export async function loadChecks(url: URL, client: string | undefined): Promise<RefReport & { ref: RefTip; published: boolean }> {
  if (url.search.length > MAX_QUERY_STRING_LENGTH)
    throw new BadRequestError(`The query string is longer than ${MAX_QUERY_STRING_LENGTH} characters`);
  const ref = singleParam(url, "ref");
  if (!ref) throw new BadRequestError("Name what to check: ?ref=<branch>, ?ref=<tag> or ?ref=pull/<number>, e.g. ?ref=pull/12");
  const base = singleParam(url, "base");
  if (base === "")
    throw new BadRequestError("?base= is empty: name the branch to check against, e.g. ?base=main, or leave it out for the live commit");
  const report = await content.checks(ref, client, base ?? undefined);
  // Against the served branch, the target is its live commit (what is published), not its tip.
  return { ...report, published: report.target.branch === content.config.branch };
}
