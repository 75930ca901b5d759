import { lookup } from "node:dns/promises";
import os from "node:os";
import { concurrencyLimit } from "./concurrency-limit";
import { RELAYED_HEADER, type WebhookDelivery } from "./webhook";

/**
 * Where this replica's peers are: the other replicas of the same site, each with its own clone.
 * A webhook delivery reaches one replica (through the load balancer); it passes the delivery on to
 * the others so that all fetch at once, rather than each at its next poll.
 */
export interface PeerSettings {
  /** PEERS: base URLs of the replicas (this one may be among them: it is skipped). */
  urls: string[];
  /** PEERS_DNS: a name that resolves to every replica's address (a Kubernetes headless Service), with their port. */
  dns?: { host: string; port: number };
  /** This replica's own port (PORT): an address of this machine on this port is this replica. */
  ownPort: number;
}

/** One peer's answer may take this long; past it the relay to that peer is given up (it still polls). */
export const RELAY_TIMEOUT_MS = 5_000;
/** Peers sent a delivery at once. */
export const RELAY_CONCURRENCY = 4;
/** Peers a delivery is passed on to at most: a fleet is a handful of replicas, a DNS answer could be anything. */
export const MAX_PEERS = 64;
/** Deliveries being passed on at once; one more is not passed on (logged): peers catch up at their next poll. */
export const MAX_RELAYS_IN_FLIGHT = 8;

export type Lookup = (host: string) => Promise<string[]>;

const lookupAll: Lookup = async (host) => (await lookup(host, { all: true })).map((address) => address.address);

/** The addresses of this machine's interfaces, and every loopback address. */
export function ownAddresses(): (address: string) => boolean {
  const mine = new Set(
    Object.values(os.networkInterfaces())
      .flat()
      .map((info) => info?.address),
  );
  return (address) => mine.has(address) || address.startsWith("127.") || address === "::1" || address === "::ffff:127.0.0.1";
}

const urlOf = (address: string, port: number) => `http://${address.includes(":") ? `[${address}]` : address}:${port}`;

const portOf = (url: URL) => Number(url.port) || (url.protocol === "https:" ? 443 : 80);

/**
 * The base URLs of this replica's peers, itself left out: every address PEERS_DNS resolves to, and
 * every PEERS URL whose host is not this machine on this replica's port. A PEERS name that does not
 * resolve is kept (its relay fails and is logged, which says more than leaving it out silently).
 */
export async function peerUrls(
  settings: PeerSettings,
  isOwnAddress: (address: string) => boolean,
  resolve: Lookup = lookupAll,
): Promise<string[]> {
  const peers = new Set<string>();
  if (settings.dns) {
    const { host, port } = settings.dns;
    for (const address of await resolve(host)) if (!(port === settings.ownPort && isOwnAddress(address))) peers.add(urlOf(address, port));
  }
  for (const raw of settings.urls) {
    const url = new URL(raw);
    if (portOf(url) === settings.ownPort) {
      const addresses = await resolve(url.hostname.replace(/^\[|\]$/g, "")).catch(() => []);
      if (addresses.some(isOwnAddress)) continue;
    }
    peers.add(url.origin);
  }
  return [...peers].slice(0, MAX_PEERS);
}

/**
 * Passes verified GitHub deliveries on to the peers, body and signature byte for byte, marked
 * RELAYED_HEADER so that peers never pass them on again. It runs after the answer to GitHub and
 * never delays it; each peer gets RELAY_TIMEOUT_MS, RELAY_CONCURRENCY at a time. A peer that misses
 * a delivery (restarting, unreachable) fetches at its start and at its next poll anyway.
 */
export class DeliveryRelay {
  private inFlight = 0;
  private readonly limit = concurrencyLimit(RELAY_CONCURRENCY);

  constructor(
    private readonly peers: () => Promise<string[]>,
    private readonly log: (line: string) => void,
  ) {}

  relay(delivery: WebhookDelivery): void {
    if (this.inFlight >= MAX_RELAYS_IN_FLIGHT) {
      this.log(`webhook relay: ${MAX_RELAYS_IN_FLIGHT} deliveries are being passed on already; peers will catch up at their next poll`);
      return;
    }
    this.inFlight++;
    void this.relayToAll(delivery).finally(() => this.inFlight--);
  }

  private async relayToAll(delivery: WebhookDelivery): Promise<void> {
    let peers: string[];
    try {
      peers = await this.peers();
    } catch (error) {
      this.log(`webhook relay: peers not found (${(error as Error).message})`);
      return;
    }
    await Promise.all(peers.map((peer) => this.limit(() => this.relayTo(peer, delivery))));
  }

  private async relayTo(peer: string, { body, signature, event, delivery }: WebhookDelivery): Promise<void> {
    const headers: Record<string, string> = { "Content-Type": "application/json", [RELAYED_HEADER]: "1" };
    if (signature) headers["X-Hub-Signature-256"] = signature;
    if (event) headers["X-GitHub-Event"] = event;
    if (delivery) headers["X-GitHub-Delivery"] = delivery;
    try {
      const answer = await fetch(new URL("/api/webhooks/git", peer), {
        method: "POST",
        headers,
        body: new Uint8Array(body),
        redirect: "manual",
        signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
      });
      const text = await answer.text();
      if (answer.status >= 300) this.log(`webhook relay to ${peer}: ${answer.status} ${text.slice(0, 200)}`);
    } catch (error) {
      this.log(`webhook relay to ${peer} failed: ${(error as Error).message}`);
    }
  }
}

/** The relay of this replica, or undefined when it has no peers configured. */
export function deliveryRelay(settings: PeerSettings, log: (line: string) => void): DeliveryRelay | undefined {
  if (!settings.dns && !settings.urls.length) return undefined;
  const isOwnAddress = ownAddresses();
  return new DeliveryRelay(() => peerUrls(settings, isOwnAddress), log);
}
