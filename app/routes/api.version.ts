import { content } from "~/content.server";
import { jsonError } from "~/lib/http.server";

/** The docs version record (SPEC section 3), read from site/version.json at the live commit. */
export async function loader() {
  try {
    return Response.json(await content.version());
  } catch (error) {
    return jsonError(error);
  }
}
