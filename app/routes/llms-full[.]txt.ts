import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { jsonError } from "~/lib/http.server";
import { publicOrigin } from "~/lib/origin.server";

/** For AI assistants and tools: every page's clean Markdown in one file, in sidebar order (see server/markdown/llms-full.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request.headers.get("Host"));
  try {
    const text = await content.llmsFull(content.liveSnapshot(), origin);
    return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" } });
  } catch (error) {
    return jsonError(error);
  }
}
