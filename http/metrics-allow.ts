import { parseAddressRanges, type AddressRanges } from "./address-ranges";

/**
 * Who may read /metrics (METRICS_ALLOW): loopback and the private ranges a cluster's scraper
 * scrapes from (RFC 1918, IPv6 unique local addresses). The metrics name no secrets, but they tell
 * anyone how busy the site is and when it last fetched; a public site keeps that to its operators.
 */
export const DEFAULT_METRICS_ALLOW = "127.0.0.0/8, ::1/128, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7";

/** Whether an address may read /metrics. */
export type MetricsAllow = AddressRanges;

/** METRICS_ALLOW's ranges; unset or blank, the default. */
export const parseMetricsAllow = (value: string | undefined) => parseAddressRanges("METRICS_ALLOW", value, DEFAULT_METRICS_ALLOW);
