/**
 * The branch each pull request targets, as its last signed `pull_request` event named it
 * (`base.ref`), so that `/checks?ref=pull/<n>` without `?base=` compares with that branch as the
 * pull request's commit status does. Bounded by count, oldest forgotten: a forgotten pull request
 * is compared with the served branch until its next event.
 */
export class PullBases {
  private readonly bases = new Map<number, string>();

  constructor(private readonly max = 1000) {}

  record(pull: number, base: string): void {
    this.bases.delete(pull);
    this.bases.set(pull, base);
    if (this.bases.size > this.max) this.bases.delete(this.bases.keys().next().value!);
  }

  /** The base of the pull request `ref` names (`pull/<n>`), if an event told it. */
  of(ref: string): string | undefined {
    const pull = /^pull\/(\d+)$/.exec(ref);
    return pull ? this.bases.get(Number(pull[1])) : undefined;
  }
}
