import net from "node:net";

/**
 * Who may read /metrics (METRICS_ALLOW): loopback and the private ranges a cluster's scraper
 * scrapes from (RFC 1918, IPv6 unique local addresses). The metrics name no secrets, but they tell
 * anyone how busy the site is and when it last fetched; a public site keeps that to its operators.
 */
export const DEFAULT_METRICS_ALLOW = "127.0.0.0/8, ::1/128, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7";

/** Whether an address may read /metrics. */
export type MetricsAllow = (address: string | undefined) => boolean;

/**
 * Reads a comma- or space-separated list of CIDR ranges (a bare address is a range of one);
 * `{ error }` names the entry that is not one. Unset or blank, the default.
 */
export function parseMetricsAllow(value: string | undefined): MetricsAllow | { error: string } {
  const list = new net.BlockList();
  const entries = (value?.trim() || DEFAULT_METRICS_ALLOW).split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefixText, extra] = entry.split("/");
    const type = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : undefined;
    const bits = type === "ipv4" ? 32 : 128;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (!type || extra !== undefined || !/^\d*$/.test(prefixText ?? "") || !Number.isInteger(prefix) || prefix < 0 || prefix > bits) {
      return { error: `METRICS_ALLOW must be a list of address ranges such as 10.0.0.0/8 or fc00::/7, got "${entry}"` };
    }
    list.addSubnet(address, prefix, type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket is seen as ::ffff:a.b.c.d.
    const plain = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    const type = net.isIPv4(plain) ? "ipv4" : net.isIPv6(plain) ? "ipv6" : undefined;
    return type !== undefined && list.check(plain, type);
  };
}
