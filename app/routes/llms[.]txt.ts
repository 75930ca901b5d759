import { content } from "~/content.server";

/** For AI assistants and tools: every page with its description; each page's Markdown is at <route>.md. */
export function loader() {
  const pages = [...content.liveSnapshot().catalogue.pages.values()];
  const lines = pages.map((p) => `- [${p.title}](/${p.id}.md): ${p.description}`);
  const body = `# Sui Documentation\n\n> Guides, concepts, standards and references for building on Sui with Move. Every page is also available as Markdown at its route with .md appended.\n\n## Pages\n\n${lines.join("\n")}\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
