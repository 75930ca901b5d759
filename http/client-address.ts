import net from "node:net";
import { parseAddressRanges, plainAddress, type AddressRanges } from "./address-ranges";

/**
 * The proxies whose X-Forwarded-For the site believes (TRUSTED_PROXIES: ranges, none by default):
 * a load balancer and a cache in front of the replicas. Without it, every reader behind them has
 * the proxy's address, and per-client limits (pending search builds, preview compiles, webhook
 * turns) would count all readers as one client.
 */
export const parseTrustedProxies = (value: string | undefined) => parseAddressRanges("TRUSTED_PROXIES", value, "");

/**
 * The reader's address, which per-client limits count by: the connection's peer, unless it is a
 * trusted proxy; then X-Forwarded-For read from the right (each proxy appends the address it was
 * sent from), past every trusted proxy, to the first address that is not one. Entries left of that
 * are the reader's to write, so they are never read. An entry that is not an address stops the
 * walk at the proxy that passed it on.
 */
export function readerAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: AddressRanges,
): string | undefined {
  let address = plainAddress(peer);
  if (!trusted(address) || forwardedFor === undefined) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plainAddress(hops[i]);
    if (hop === undefined || net.isIP(hop) === 0) return address;
    address = hop;
    if (!trusted(address)) return address;
  }
  return address;
}
