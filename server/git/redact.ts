/**
 * Removes credentials from text that may reach a log, an error message or /api/status: the
 * user-info part of URLs (https://user:token@host) and any secret registered with addSecret
 * (GIT_TOKEN), wherever git or a library echoes it.
 */
const secrets = new Set<string>();

/** Registers a value (a token) that must never be printed. Short values are ignored: they would mask ordinary words. */
export function addSecret(value: string | undefined): void {
  if (value && value.length >= 6) secrets.add(value);
}

const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@'"]+@/gi;

export function redact(text: string): string {
  let out = text.replace(URL_USERINFO, "$1***@");
  for (const secret of secrets) out = out.split(secret).join("***");
  return out;
}
