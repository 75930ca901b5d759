import { ConfigError } from "../errors";
import { CloudflarePurger } from "./cloudflare";
import { FastlyPurger } from "./fastly";
import type { Purger } from "./purger";
import { VarnishPurger } from "./varnish";

type Env = Record<string, string | undefined>;

/** Which shared caches the site purges when a commit goes live (doc/configuration.md, "Shared cache"). */
export interface PurgeSettings {
  /** PURGE_URLS: Varnish instances, each sent PURGE with an xkey-purge header. */
  varnishUrls: string[];
  /** FASTLY_SERVICE_ID and FASTLY_API_TOKEN, both or neither. */
  fastly?: { serviceId: string; token: string };
  /** CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN, both or neither. */
  cloudflare?: { zoneId: string; token: string };
}

/** How long shared caches may keep a live answer (Cache-Control of live pages and their JSON), in seconds. */
export interface SharedCacheSettings {
  /** s-maxage: SHARED_CACHE_MAX_AGE; 10 s when nothing purges the caches, a day when something does. */
  maxAge: number;
  /** stale-while-revalidate: SHARED_CACHE_STALE_WHILE_REVALIDATE, 60 s. */
  staleWhileRevalidate: number;
  /** stale-if-error: SHARED_CACHE_STALE_IF_ERROR, a day (at least 600 s). */
  staleIfError: number;
}

function seconds(env: Env, name: string, fallback: number, least = 0): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < least)
    throw new ConfigError(`${name} must be a whole number of seconds >= ${least}, got "${raw}"`);
  return value;
}

/** Both settings of a pair, or neither; an error that names the missing one otherwise. */
function pair(env: Env, first: string, second: string): [string, string] | undefined {
  const a = env[first]?.trim();
  const b = env[second]?.trim();
  if (!a && !b) return undefined;
  if (!a || !b) throw new ConfigError(`${a ? second : first} must be set with ${a ? first : second}`);
  return [a, b];
}

export function readPurgeSettings(env: Env): PurgeSettings {
  const varnishUrls = (env.PURGE_URLS ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of varnishUrls) {
    let protocol: string | undefined;
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below
    }
    if (protocol !== "http:" && protocol !== "https:")
      throw new ConfigError(`PURGE_URLS must be comma-separated http(s) URLs of Varnish instances, got "${url}"`);
  }
  const fastly = pair(env, "FASTLY_SERVICE_ID", "FASTLY_API_TOKEN");
  const cloudflare = pair(env, "CLOUDFLARE_ZONE_ID", "CLOUDFLARE_API_TOKEN");
  return {
    varnishUrls,
    ...(fastly ? { fastly: { serviceId: fastly[0], token: fastly[1] } } : {}),
    ...(cloudflare ? { cloudflare: { zoneId: cloudflare[0], token: cloudflare[1] } } : {}),
  };
}

export function purgersOf(settings: PurgeSettings): Purger[] {
  return [
    ...settings.varnishUrls.map((url) => new VarnishPurger(url)),
    ...(settings.fastly ? [new FastlyPurger(settings.fastly.serviceId, settings.fastly.token)] : []),
    ...(settings.cloudflare ? [new CloudflarePurger(settings.cloudflare.zoneId, settings.cloudflare.token)] : []),
  ];
}

export function readSharedCacheSettings(env: Env, purge: PurgeSettings): SharedCacheSettings {
  const purged = purge.varnishUrls.length > 0 || purge.fastly !== undefined || purge.cloudflare !== undefined;
  return {
    maxAge: seconds(env, "SHARED_CACHE_MAX_AGE", purged ? 86_400 : 10),
    staleWhileRevalidate: seconds(env, "SHARED_CACHE_STALE_WHILE_REVALIDATE", 60),
    staleIfError: seconds(env, "SHARED_CACHE_STALE_IF_ERROR", 86_400, 600),
  };
}
