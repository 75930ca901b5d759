import { failure, PURGE_TIMEOUT_MS, type Purger } from "./purger";

/**
 * Cloudflare: purge by cache tag (POST /zones/<id>/purge_cache with `{ "tags": [...] }`), which
 * matches the Cache-Tag header the site sends; an API token with the Cache Purge permission on the
 * zone. Cloudflare answers 200 with `success: false` for some refusals, so the body is read too.
 */
export class CloudflarePurger implements Purger {
  readonly name = "cloudflare";

  constructor(
    private readonly zoneId: string,
    private readonly token: string,
    private readonly api = "https://api.cloudflare.com/client/v4",
  ) {}

  async purge(keys: readonly string[]): Promise<void> {
    const response = await fetch(`${this.api}/zones/${encodeURIComponent(this.zoneId)}/purge_cache`, {
      method: "POST",
      headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ tags: keys }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    if (!response.ok) throw await failure(this.name, response);
    const answer = (await response.json().catch(() => undefined)) as
      { success?: boolean; errors?: Array<{ message?: string }> } | undefined;
    if (answer?.success !== true) {
      throw new Error(`${this.name} refused the purge: ${answer?.errors?.map((e) => e.message).join("; ") || "no success in its answer"}`);
    }
  }
}
