import type { KeptPage } from "../server/rendered-pages";

/**
 * Messages between the site's server processes and its front processes (front.ts), passed on by
 * the primary (primary.ts). Sent with node's "advanced" IPC serialization, so a page's body crosses
 * as bytes (it arrives as a Uint8Array).
 */
export type FrontMessage =
  /** Server process → primary: it takes the fronts' requests on this loopback port; its build's version. */
  | { kind: "sui-docs:upstream"; port: number; build: string }
  /** Primary → fronts: where the server processes listen, and their build. */
  | { kind: "sui-docs:upstreams"; ports: number[]; build: string }
  /** Server process → primary → fronts: a page it rendered and keeps; the fronts keep it too. */
  | { kind: "sui-docs:kept"; kept: KeptPage }
  /** Primary → server processes: a front started (again); send it every page kept so far. */
  | { kind: "sui-docs:resend" };

const KINDS = new Set(["sui-docs:upstream", "sui-docs:upstreams", "sui-docs:kept", "sui-docs:resend"]);

export function isFrontMessage(value: unknown): value is FrontMessage {
  return KINDS.has((value as { kind?: unknown } | null)?.kind as string);
}

/** Set by the primary on server processes that sit behind fronts: they listen on loopback only. */
export const BEHIND_FRONT_VARIABLE = "SUI_DOCS_BEHIND_FRONT";

/**
 * The client's address, as the front saw it, on requests it passes on. A server process behind
 * fronts counts per-client limits by it; it removes any such header a client sent.
 */
export const CLIENT_ADDRESS_HEADER = "x-sui-docs-client-address";
