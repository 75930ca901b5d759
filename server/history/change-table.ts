/**
 * For each content path, the positions on a branch's first-parent chain of the commits that
 * changed it. Position 0 is the root commit; a commit's position is its distance from it along
 * first parents. Pure data: the git side lives in change-index.ts.
 */
export class ChangeTable {
  /** First-parent commits, oldest first. */
  private readonly chain: string[] = [];
  private readonly positions = new Map<string, number>();
  /** Path -> ascending positions of the commits that changed it. */
  private readonly changes = new Map<string, number[]>();

  get length(): number {
    return this.chain.length;
  }

  get tip(): string | undefined {
    return this.chain.at(-1);
  }

  get paths(): number {
    return this.changes.size;
  }

  positionOf(oid: string): number | undefined {
    return this.positions.get(oid);
  }

  /**
   * Appends first-parent commits (oldest first) and what each changed. `changed` may list them
   * in any order and leave out commits that changed nothing.
   */
  append(commits: readonly string[], changed: ReadonlyArray<{ oid: string; paths: readonly string[] }>): void {
    for (const oid of commits) {
      this.positions.set(oid, this.chain.length);
      this.chain.push(oid);
    }
    const byPosition = changed
      .map((entry) => ({ at: this.positions.get(entry.oid), paths: entry.paths }))
      .filter((entry): entry is { at: number; paths: readonly string[] } => entry.at !== undefined)
      .sort((a, b) => a.at - b.at);
    for (const { at, paths } of byPosition) {
      for (const path of new Set(paths)) {
        const list = this.changes.get(path);
        if (!list) this.changes.set(path, [at]);
        else if (list.at(-1)! < at) list.push(at);
      }
    }
  }

  /** The commits that changed `path` at or before `position`, newest first. */
  changedAsOf(path: string, position: number): string[] {
    const list = this.changes.get(path);
    if (!list) return [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! <= position) lo = mid + 1;
      else hi = mid;
    }
    const result: string[] = [];
    for (let i = lo - 1; i >= 0; i--) result.push(this.chain[list[i]!]!);
    return result;
  }

  toJSON(): { chain: string[]; changes: Record<string, number[]> } {
    return { chain: this.chain, changes: Object.fromEntries(this.changes) };
  }

  static fromJSON(value: { chain: string[]; changes: Record<string, number[]> }): ChangeTable {
    const table = new ChangeTable();
    value.chain.forEach((oid, i) => {
      table.chain.push(oid);
      table.positions.set(oid, i);
    });
    for (const [path, list] of Object.entries(value.changes)) table.changes.set(path, list);
    return table;
  }
}
