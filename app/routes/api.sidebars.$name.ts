import type { LoaderFunctionArgs } from "@remix-run/node";
import { NotFoundError, SIDEBAR_NAMES, type SidebarName } from "../../server/index";
import { jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { contentRequest } from "~/lib/content-request.server";

/** One sidebar's items as data (guidesSidebar or guides, ...), at the live commit or at ?commit=. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = params.name ?? "";
  const name = (raw.endsWith("Sidebar") ? raw : `${raw}Sidebar`) as SidebarName;
  try {
    if (!SIDEBAR_NAMES.includes(name)) {
      throw new NotFoundError(`Unknown sidebar "${raw.slice(0, 60)}"; known: ${SIDEBAR_NAMES.join(", ")}`, "sidebar");
    }
    const { snapshot, pinned, redirectToCanonical } = await contentRequest(request);
    const items = snapshot.sidebars.get(name);
    if (!items) throw new NotFoundError(`Sidebar ${name} does not exist at this commit`, "sidebar");
    redirectToCanonical();
    return Response.json({ name, items }, { headers: cacheHeaders(pinned, request) });
  } catch (error) {
    return jsonError(error);
  }
}
