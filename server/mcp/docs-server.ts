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

/** Calls one JSON-RPC batch may hold: each is a tool call the server answers in full. */
export const MAX_BATCH_CALLS = 10;
/**
 * Characters of text one tool call answers: the whole live catalogue's list (~80,000) fits; a
 * longer page or list goes in parts, each naming the `offset` of the next.
 */
export const MAX_TOOL_TEXT = 100_000;
/** Bytes of one HTTP answer, a batch's answers together: past it, each call is answered an error instead. */
export const MAX_ANSWER_BYTES = 1_048_576;
const OFFSET = z.number().int().min(0).max(1e9);
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
        "Full-text search over the Sui documentation (typo-tolerant). " +
        "Returns the best-matching pages, each with its URL and its best sections: heading, URL and an excerpt.",
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
      // Bounded already (at most MAX_RESULTS pages, a few excerpts each) but for headings, which are as long as authors make them.
      const pinned = commit !== undefined;
      const pages = results.map((hit, i) => {
        const sections = hit.sections.map(
          (s) =>
            `   › ${s.heading || "Introduction"}: ${pageUrl(hit.id, snapshot, pinned)}${s.anchor ? `#${s.anchor}` : ""}\n     ${s.excerpt}`,
        );
        return [`${i + 1}. ${hit.title}`, `   ${pageUrl(hit.id, snapshot, pinned)}`, ...sections].join("\n");
      });
      const more = total > results.length ? `\n\n${total - results.length} more pages match; ask with a higher limit.` : "";
      const text = pages.length ? pages.join("\n\n") + more : `No page matches "${request.q}".`;
      return {
        content: [
          {
            type: "text",
            text:
              text.length > MAX_TOOL_TEXT
                ? `${text.slice(0, MAX_TOOL_TEXT)}\n\n[cut at ${MAX_TOOL_TEXT} characters: ask with a lower limit]`
                : text,
          },
        ],
      };
    },
  );

  server.registerTool(
    "read_page",
    {
      title: "Read a documentation page",
      description:
        `The page as clean Markdown (snippets inlined, no components), by page id: its route without the leading slash, e.g. 'concepts/object-model'. ` +
        `A page longer than ${MAX_TOOL_TEXT} characters comes in parts: the answer ends by naming the offset of the next.`,
      inputSchema: {
        id: z.string().min(1).max(300).describe("The page id, e.g. 'guides/developer/getting-started'."),
        commit: COMMIT.optional(),
        offset: OFFSET.optional().describe("The character to start at, for the second and later parts of a long page (default 0)."),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id, commit, offset = 0 }) => {
      const snapshot = await reader.snapshotAt(commit ?? null);
      const key = id.replace(/^\/+|\/+$/g, "").replace(/\.md$/, "");
      const page = snapshot.catalogue.pages.get(key) ?? snapshot.catalogue.pages.get(snapshot.catalogue.aliases.get(key) ?? "");
      if (!page)
        return {
          isError: true,
          content: [{ type: "text", text: `There is no page "${id.slice(0, 100)}". list_pages gives every page id.` }],
        };
      const markdown = await reader.markdown(snapshot, page, pageUrl(page.id, snapshot, commit !== undefined));
      return { content: [{ type: "text", text: partOf(markdown, offset, (next) => `read_page with id "${page.id}" and offset ${next}`) }] };
    },
  );

  server.registerTool(
    "list_pages",
    {
      title: "List documentation pages",
      description:
        `Every page id with its title and description, optionally of one section. ` +
        `A list longer than ${MAX_TOOL_TEXT} characters comes in parts: the answer ends by naming the offset of the next.`,
      inputSchema: {
        section: z.enum(SECTIONS).optional().describe("Only pages of this section."),
        offset: OFFSET.optional().describe("The character to start at, for the second and later parts of a long list (default 0)."),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ section, offset = 0 }) => {
      const snapshot = await reader.snapshotAt(null);
      const pages = [...snapshot.catalogue.pages.values()].filter((p) => !section || p.id === section || p.id.startsWith(`${section}/`));
      const text = pages.map((p) => `${p.id} — ${p.title}${p.description ? `: ${p.description}` : ""}`).join("\n");
      const next = (at: number) => `list_pages with ${section ? `section "${section}" and ` : ""}offset ${at}`;
      return { content: [{ type: "text", text: text ? partOf(text, offset, next) : "No pages." }] };
    },
  );
  return server;
}

/**
 * The part of `text` from `offset`, at most MAX_TOOL_TEXT characters ending at a line break when
 * one is near; a part that is not the last ends by naming the call (`next`) that gives the rest.
 */
export function partOf(text: string, offset: number, next: (offset: number) => string): string {
  if (offset >= text.length) return offset === 0 ? text : `Nothing at offset ${offset}: the text has ${text.length} characters.`;
  if (text.length - offset <= MAX_TOOL_TEXT) return text.slice(offset);
  const cut = text.lastIndexOf("\n", offset + MAX_TOOL_TEXT);
  const end = cut > offset + MAX_TOOL_TEXT / 2 ? cut + 1 : offset + MAX_TOOL_TEXT;
  const part = text.slice(offset, end);
  return `${part}${part.endsWith("\n") ? "" : "\n"}[${text.length - end} more characters: call ${next(end)}]`;
}

type JsonRpcId = string | number | null;

/** A JSON-RPC error answer, the shape the SDK's transport gives its own refusals. */
function rpcError(status: number, code: number, message: string, id: JsonRpcId = null): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id }, { status });
}

/** Answers one MCP request (a JSON-RPC POST) with a JSON response, within MAX_BATCH_CALLS and MAX_ANSWER_BYTES. */
export async function answerMcp(reader: DocsReader, request: Request, context: McpRequestContext): Promise<Response> {
  const text = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Left to the transport, which answers a body that is not JSON as it always has.
  }
  if (Array.isArray(body) && body.length > MAX_BATCH_CALLS) {
    return rpcError(
      400,
      -32600,
      `A batch may hold at most ${MAX_BATCH_CALLS} calls; this one holds ${body.length}: send them in smaller batches.`,
    );
  }
  const server = docsServer(reader, context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const unread = new Request(request.url, { method: request.method, headers: request.headers, body: text });
    return capAnswer(await transport.handleRequest(unread, body === undefined ? undefined : { parsedBody: body }), body);
  } finally {
    void server.close();
  }
}

/**
 * The answer as it is when it is at most MAX_ANSWER_BYTES; otherwise an error for each call of the
 * request (by its id), saying how large the answer would have been and how to ask for less.
 */
async function capAnswer(answer: Response, body: unknown): Promise<Response> {
  if (!answer.body || !answer.headers.get("Content-Type")?.includes("application/json")) return answer;
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (bytes.length <= MAX_ANSWER_BYTES) return new Response(bytes, { status: answer.status, headers: answer.headers });
  const message =
    `The answer would be ${bytes.length} bytes, over the ${MAX_ANSWER_BYTES}-byte cap of one answer: ` +
    `send fewer calls in a batch (read_page and list_pages answer long texts in parts).`;
  const ids = (Array.isArray(body) ? body : [body]).flatMap((call) => (isCall(call) ? [call.id] : []));
  const errors = ids.map((id) => ({ jsonrpc: "2.0", error: { code: -32000, message }, id }));
  return Response.json(Array.isArray(body) ? errors : (errors[0] ?? { jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status: answer.status,
  });
}

/** A JSON-RPC request (it has an id), as opposed to a notification. */
function isCall(message: unknown): message is { id: JsonRpcId } {
  return typeof message === "object" && message !== null && "id" in message && "method" in message;
}
