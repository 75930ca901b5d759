import { content } from "~/content.server";
import { jsonError } from "~/lib/http.server";

/**
 * The branches, tags and pull requests of the content repository that `?ref=` previews, newest
 * first, each with the commit it names now. Refs move with every push, so nothing is kept.
 */
export async function loader() {
  try {
    const { served, tips, truncated } = await content.refs();
    return Response.json({ served, refs: tips, truncated }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jsonError(error);
  }
}
