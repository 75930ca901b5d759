import { failure, PURGE_TIMEOUT_MS, type Purger } from "./purger";

/**
 * Varnish with the xkey module (deploy/varnish.vcl): a PURGE request naming the keys in an
 * xkey-purge header, from an address the VCL's `purgers` ACL allows. One purger per cache
 * instance (PURGE_URLS), so one that is down is retried alone.
 */
export class VarnishPurger implements Purger {
  readonly name: string;

  constructor(private readonly url: string) {
    this.name = `varnish ${url}`;
  }

  async purge(keys: readonly string[]): Promise<void> {
    const response = await fetch(this.url, {
      method: "PURGE",
      headers: { "xkey-purge": keys.join(" ") },
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    if (!response.ok) throw await failure(this.name, response);
    await response.body?.cancel();
  }
}
