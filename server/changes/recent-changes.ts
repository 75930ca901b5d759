import { Cache, type CacheStats } from "../cache";
import type { Snapshot } from "../engine";
import type { CommitInfo, GitStore } from "../git/store";
import { changedPaths } from "../history/changed-paths";
import { CACHE_BUDGETS } from "../memory-budget";

/** One commit of the served branch that changed the content, and what it changed. */
export interface ChangeEntry {
  commit: CommitInfo;
  /** Pages of the live catalogue whose source file the commit changed. */
  pages: Array<{ id: string; title: string }>;
  /** Other content files it changed: snippets, sidebars, schemas, pages since removed. */
  files: string[];
}

export interface ChangesPage {
  entries: ChangeEntry[];
  /** Whether older commits follow. */
  more: boolean;
}

/**
 * The newest commits of the served branch's first-parent chain that changed something under the
 * content root, as `git log --first-parent -- <root>` lists them (a monorepo's other commits are not
 * documentation changes). One git process per page of the feed and live commit, then cached.
 */
export class RecentChanges {
  private readonly pages = new Cache<ChangesPage>({
    maxBytes: CACHE_BUDGETS.recentChanges,
    sizeOf: (page) =>
      256 + page.entries.reduce((sum, e) => sum + 600 + e.commit.message.length * 2 + (e.pages.length + e.files.length) * 160, 0),
  });

  constructor(private readonly store: GitStore) {}

  /** How full the feed's cache is, for /api/status. */
  stats(): CacheStats {
    return this.pages.stats();
  }

  /** Commits `skip` to `skip + limit` from the snapshot's commit, newest first, with the pages each changed. */
  list(snapshot: Snapshot, { skip, limit }: { skip: number; limit: number }): Promise<ChangesPage> {
    return this.pages.get(`${snapshot.commit.oid}:${skip}:${limit}`, async () => {
      const logged = await changedPaths(this.store.git, this.store.contentRoot, [`--skip=${skip}`, `-n${limit + 1}`, snapshot.commit.oid]);
      const bySource = new Map<string, Array<{ id: string; title: string }>>();
      for (const page of snapshot.catalogue.pages.values()) {
        if (page.kind !== "mdx") continue;
        const list = bySource.get(page.sourcePath) ?? [];
        list.push({ id: page.id, title: page.title });
        bySource.set(page.sourcePath, list);
      }
      const entries = await Promise.all(
        logged.slice(0, limit).map(async ({ oid, paths }) => ({
          commit: await this.store.commit(oid),
          pages: paths.flatMap((path) => bySource.get(path) ?? []),
          files: paths.filter((path) => !bySource.has(path)),
        })),
      );
      return { entries, more: logged.length > limit };
    });
  }
}
