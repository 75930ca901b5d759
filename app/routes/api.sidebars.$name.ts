import type { LoaderFunctionArgs } from "@remix-run/node";
import { SIDEBAR_NAMES, type SidebarName } from "../../server/index";
import { jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { redirectToCanonical, requestedSnapshot } from "~/lib/canonical-url.server";

/** One sidebar's items as data (guidesSidebar or guides, ...), at the live commit or at ?commit=. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = params.name ?? "";
  const name = (raw.endsWith("Sidebar") ? raw : `${raw}Sidebar`) as SidebarName;
  if (!SIDEBAR_NAMES.includes(name)) {
    return Response.json({ error: `Unknown sidebar "${raw.slice(0, 60)}"; known: ${SIDEBAR_NAMES.join(", ")}` }, { status: 404 });
  }
  try {
    const url = new URL(request.url);
    const { snapshot, pinned } = await requestedSnapshot(url);
    const items = snapshot.sidebars.get(name);
    if (!items) return Response.json({ error: `Sidebar ${name} does not exist at this commit` }, { status: 404 });
    redirectToCanonical(url, ["commit"], pinned);
    return Response.json({ name, items }, { headers: cacheHeaders(pinned) });
  } catch (error) {
    return jsonError(error);
  }
}
