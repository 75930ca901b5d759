/**
 * The quality floor of search: the evaluation set (scripts/search-eval/queries.ts) against the
 * production server's live index of the embedded content. Fails when success@1, success@5 or the
 * mean reciprocal rank falls below what the ranking reached when this floor was set (slightly
 * rounded down), so a change that makes readers' searches worse cannot land unnoticed.
 * `npm run bench:search` prints the same figures per kind of query, with the misses.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { evaluate, report } from "../scripts/search-eval/evaluate";
import { QUERIES } from "../scripts/search-eval/queries";

/**
 * Reached: success@1 0.969, success@5 1.000, MRR 0.981 (193 queries). The floor is issue 28's
 * target (0.95 and 1.0), with room for a query's page to move by one place as content grows.
 */
const FLOOR = { at1: 0.95, at5: 1, mrr: 0.97 };

describe("search quality on the evaluation set", () => {
  const site = inject("embeddedSiteUrl");
  const ranked = new Map<string, string[]>();

  beforeAll(async () => {
    // The live index is built as the server starts: on a busy machine searches may answer 503 till it is.
    const deadline = Date.now() + 240_000;
    while ((await fetch(`${site}/api/search?q=kiosk`)).status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    for (const { q } of QUERIES) {
      const response = await fetch(`${site}/api/search?${new URLSearchParams({ q, limit: "10" })}`);
      expect(response.status, q).toBe(200);
      ranked.set(
        q,
        ((await response.json()) as { results: Array<{ id: string }> }).results.map((r) => r.id),
      );
    }
  });

  it("answers the first time, and within five results, as often as it did", () => {
    const evaluation = evaluate(QUERIES, (q) => ranked.get(q)!);
    const { at1, at5, mrr } = evaluation.overall;
    const table = report(evaluation);
    expect(at1, table).toBeGreaterThanOrEqual(FLOOR.at1);
    expect(at5, table).toBeGreaterThanOrEqual(FLOOR.at5);
    expect(mrr, table).toBeGreaterThanOrEqual(FLOOR.mrr);
  });

  it("has an answer in the catalogue for every query", async () => {
    const ids = new Set(((await (await fetch(`${site}/api/catalogue`)).json()) as Array<{ id: string }>).map((p) => p.id));
    for (const query of QUERIES) for (const id of query.answers) expect(ids, `"${query.q}" → ${id}`).toContain(id);
  });
});
