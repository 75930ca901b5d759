import { failure, PURGE_TIMEOUT_MS, type Purger } from "./purger";

/**
 * Fastly: the purge-by-surrogate-key API (POST /service/<id>/purge with the keys in a
 * Surrogate-Key header), authenticated by an API token with the purge_select scope. Soft: Fastly
 * marks the objects stale, so it can still serve them while the site fails (stale-if-error).
 */
export class FastlyPurger implements Purger {
  readonly name = "fastly";

  constructor(
    private readonly serviceId: string,
    private readonly token: string,
    private readonly api = "https://api.fastly.com",
  ) {}

  async purge(keys: readonly string[]): Promise<void> {
    const response = await fetch(`${this.api}/service/${encodeURIComponent(this.serviceId)}/purge`, {
      method: "POST",
      headers: { "Fastly-Key": this.token, "Surrogate-Key": keys.join(" "), "Fastly-Soft-Purge": "1", Accept: "application/json" },
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    if (!response.ok) throw await failure(this.name, response);
    await response.body?.cancel();
  }
}
