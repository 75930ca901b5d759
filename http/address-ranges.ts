import net from "node:net";

/** Whether an address lies in a list of ranges. */
export type AddressRanges = (address: string | undefined) => boolean;

/**
 * Reads a comma- or space-separated list of CIDR ranges (a bare address is a range of one) given
 * in the environment variable `variable`; `{ error }` names the entry that is not one. Unset or
 * blank, `fallback` (which may be empty: no address).
 */
export function parseAddressRanges(variable: string, value: string | undefined, fallback: string): AddressRanges | { error: string } {
  const list = new net.BlockList();
  const entries = (value?.trim() || fallback).split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefixText, extra] = entry.split("/");
    const type = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : undefined;
    const bits = type === "ipv4" ? 32 : 128;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (!type || extra !== undefined || !/^\d*$/.test(prefixText ?? "") || !Number.isInteger(prefix) || prefix < 0 || prefix > bits) {
      return { error: `${variable} must be a list of address ranges such as 10.0.0.0/8 or fc00::/7, got "${entry}"` };
    }
    list.addSubnet(address, prefix, type);
  }
  return (address) => {
    const plain = plainAddress(address);
    const type = plain === undefined ? undefined : net.isIPv4(plain) ? "ipv4" : net.isIPv6(plain) ? "ipv6" : undefined;
    return type !== undefined && list.check(plain!, type);
  };
}

/** An address as written, trimmed, with an IPv4 client on a dual-stack socket (::ffff:a.b.c.d) as a.b.c.d. */
export function plainAddress(address: string | undefined): string | undefined {
  const trimmed = address?.trim();
  if (!trimmed) return undefined;
  return trimmed.startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
}

/** A parsed list, or the process ends with its error: a setting a person must fix before the site starts. */
export function rangesOrExit(parsed: AddressRanges | { error: string }): AddressRanges {
  if (typeof parsed === "function") return parsed;
  console.error(`sui-docs: ${parsed.error}`);
  process.exit(1);
}
