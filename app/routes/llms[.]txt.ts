import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { publicOrigin } from "~/lib/origin.server";

/** For AI assistants and tools: every page with its description, linked to its clean Markdown (<route>.md). */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request.headers.get("Host"));
  const pages = [...content.liveSnapshot().catalogue.pages.values()];
  const lines = pages.map((p) => `- [${p.title}](${origin}/${p.id}.md): ${p.description}`);
  const body =
    `# Sui Documentation\n\n> Guides, concepts, standards and references for building on Sui with Move. ` +
    `Every page is also available as Markdown at its route with .md appended, ` +
    `and all of them in one file at ${origin}/llms-full.txt.\n\n## Pages\n\n${lines.join("\n")}\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
