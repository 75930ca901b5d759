import { BadRequestError, type RefReport, type RefTip } from "../../server/index";
import { content } from "~/content.server";
import { MAX_QUERY_STRING_LENGTH } from "./http.server";
import { singleParam } from "./query-params.server";

/** The checks of ?ref= (a branch, tag or pull/<n>) against the live commit; `client` is who asks. */
export async function loadChecks(url: URL, client: string | undefined): Promise<RefReport & { ref: RefTip }> {
  if (url.search.length > MAX_QUERY_STRING_LENGTH)
    throw new BadRequestError(`The query string is longer than ${MAX_QUERY_STRING_LENGTH} characters`);
  const ref = singleParam(url, "ref");
  if (!ref) throw new BadRequestError("Name what to check: ?ref=<branch>, ?ref=<tag> or ?ref=pull/<number>, e.g. ?ref=pull/12");
  return content.checks(ref, client);
}
