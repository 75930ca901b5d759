import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import type { PageMeta } from "../content/catalogue";
import type { Snapshot } from "../engine";
import { MAX_QUERY_LENGTH, MAX_RESULTS, parseSearchRequest, type SearchRequest } from "../search/query";
import type { SearchResults } from "../search/search-index";

/** What the tools read, through the engine's facade: the same answers the pages and /api/search give. */
export interface DocsReader {
  snapshotAt(commitParam: string | null): Promise<Snapshot>;
  search(snapshot: Snapshot, request: SearchRequest, client?: string): Promise<SearchResults>;
  /** The page as its `.md` twin gives it, headed by its title and `url`. */
  markdown(snapshot: Snapshot, page: PageMeta, url: string): Promise<string>;
}

export interface McpRequestContext {
  /** Where page URLs in answers point. */
  origin: string;
  /** The caller's address, held to the same per-client search limits as /api/search. */
  client?: string;
}

const SECTIONS = ["guides", "concepts", "standards", "references"] as const;
const COMMIT = z.string().max(40).describe("A commit of the docs' branch (7 to 40 hex digits); the live site when omitted.");

/**
 * Builds the MCP server for one request: the Streamable HTTP transport runs stateless (no session
 * id), so nothing is kept between requests and every call sees the live commit of its moment.
 */
function docsServer(reader: DocsReader, { origin, client }: McpRequestContext): McpServer {
  const server = new McpServer({ name: "sui-docs", version: "1.0.0" });
  const pageUrl = (id: string, snapshot: Snapshot, pinned: boolean) => `${origin}/${id}${pinned ? `?commit=${snapshot.commit.oid}` : ""}`;

  server.registerTool(
    "search_docs",
    {
      title: "Search the Sui documentation",
      description:
        "Full-text search over the Sui documentation (typo-tolerant). Returns the best-matching pages, each with its URL and its best sections: heading, URL and an excerpt.",
      inputSchema: {
        query: z.string().min(1).max(MAX_QUERY_LENGTH).describe("Words to look for, e.g. 'kiosk transfer policy'."),
        limit: z.number().int().min(1).max(MAX_RESULTS).optional().describe(`How many pages (1 to ${MAX_RESULTS}, default 10).`),
        commit: COMMIT.optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit, commit }) => {
      const snapshot = await reader.snapshotAt(commit ?? null);
      const request = parseSearchRequest(new URLSearchParams({ q: query, ...(limit ? { limit: String(limit) } : {}) }));
      const { results, total } = await reader.search(snapshot, request, client);
      const pinned = commit !== undefined;
      const pages = results.map((hit, i) => {
        const sections = hit.sections.map(
          (s) =>
            `   › ${s.heading || "Introduction"}: ${pageUrl(hit.id, snapshot, pinned)}${s.anchor ? `#${s.anchor}` : ""}\n     ${s.excerpt}`,
        );
        return [`${i + 1}. ${hit.title}`, `   ${pageUrl(hit.id, snapshot, pinned)}`, ...sections].join("\n");
      });
      const more = total > results.length ? `\n\n${total - results.length} more pages match; ask with a higher limit.` : "";
      return { content: [{ type: "text", text: pages.length ? pages.join("\n\n") + more : `No page matches "${request.q}".` }] };
    },
  );

  server.registerTool(
    "read_page",
    {
      title: "Read a documentation page",
      description:
        "The page as clean Markdown (snippets inlined, no components), by page id: its route without the leading slash, e.g. 'concepts/object-model'.",
      inputSchema: {
        id: z.string().min(1).max(300).describe("The page id, e.g. 'guides/developer/getting-started'."),
        commit: COMMIT.optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id, commit }) => {
      const snapshot = await reader.snapshotAt(commit ?? null);
      const key = id.replace(/^\/+|\/+$/g, "").replace(/\.md$/, "");
      const page = snapshot.catalogue.pages.get(key) ?? snapshot.catalogue.pages.get(snapshot.catalogue.aliases.get(key) ?? "");
      if (!page)
        return {
          isError: true,
          content: [{ type: "text", text: `There is no page "${id.slice(0, 100)}". list_pages gives every page id.` }],
        };
      return { content: [{ type: "text", text: await reader.markdown(snapshot, page, pageUrl(page.id, snapshot, commit !== undefined)) }] };
    },
  );

  server.registerTool(
    "list_pages",
    {
      title: "List documentation pages",
      description: "Every page id with its title and description, optionally of one section.",
      inputSchema: { section: z.enum(SECTIONS).optional().describe("Only pages of this section.") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ section }) => {
      const snapshot = await reader.snapshotAt(null);
      const pages = [...snapshot.catalogue.pages.values()].filter((p) => !section || p.id === section || p.id.startsWith(`${section}/`));
      const text = pages.map((p) => `${p.id} — ${p.title}${p.description ? `: ${p.description}` : ""}`).join("\n");
      return { content: [{ type: "text", text: text || "No pages." }] };
    },
  );
  return server;
}

/** Answers one MCP request (a JSON-RPC POST) with a JSON response. */
export async function answerMcp(reader: DocsReader, request: Request, context: McpRequestContext): Promise<Response> {
  const server = docsServer(reader, context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    void server.close();
  }
}
