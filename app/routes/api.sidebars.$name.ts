import type { LoaderFunctionArgs } from "@remix-run/node";
import { SIDEBAR_NAMES, type SidebarName } from "../../server/index";
import { content } from "~/content.server";
import { commitParam, jsonError } from "~/lib/http.server";
import { cacheHeaders } from "~/lib/cache-headers.server";

/** One sidebar's items as data (guidesSidebar or guides, ...), at the live commit or at ?commit=. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = params.name ?? "";
  const name = (raw.endsWith("Sidebar") ? raw : `${raw}Sidebar`) as SidebarName;
  if (!SIDEBAR_NAMES.includes(name)) {
    return Response.json({ error: `Unknown sidebar "${raw.slice(0, 60)}"; known: ${SIDEBAR_NAMES.join(", ")}` }, { status: 404 });
  }
  try {
    const pinned = commitParam(new URL(request.url));
    const snapshot = await content.snapshotAt(pinned);
    const items = snapshot.sidebars.get(name);
    if (!items) return Response.json({ error: `Sidebar ${name} does not exist at this commit` }, { status: 404 });
    return Response.json({ name, items }, { headers: cacheHeaders(pinned ?? undefined) });
  } catch (error) {
    return jsonError(error);
  }
}
