import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { changesAtom } from "~/lib/atom.server";
import { CHANGES_PER_PAGE, changeItem } from "~/lib/changes.server";
import { jsonError } from "~/lib/http.server";
import { publicOrigin } from "~/lib/origin.server";

/** The newest content changes of the served branch as an Atom feed, for feed readers. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { entries } = await content.recentChanges({ skip: 0, limit: CHANGES_PER_PAGE });
    const body = changesAtom(publicOrigin(request.headers.get("Host")), entries.map(changeItem));
    return new Response(body, {
      headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  } catch (error) {
    return jsonError(error);
  }
}
