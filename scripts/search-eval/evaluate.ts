/** Scores a search against the evaluation set: success@1, success@5 and mean reciprocal rank, per kind of query and overall. */
import type { EvalQuery, QueryKind } from "./queries";

export interface Scores {
  queries: number;
  /** Share of queries whose first result answers them. */
  at1: number;
  /** Share of queries with an answer among the first five results. */
  at5: number;
  /** Mean of 1 / rank of the first answer (0 when it is not in the first ten). */
  mrr: number;
}

export interface Miss {
  query: EvalQuery;
  /** Rank of the first answer (1-based), or undefined when not in the first ten. */
  rank?: number;
  top: string[];
}

export interface Evaluation {
  overall: Scores;
  byKind: Partial<Record<QueryKind, Scores>>;
  /** Queries whose answer was not first. */
  misses: Miss[];
}

/** Pages searched for at most: ranks past it count as not found. */
const DEPTH = 10;

function scores(ranks: Array<number | undefined>): Scores {
  const n = ranks.length;
  const count = (ok: (rank: number) => boolean) => ranks.filter((r) => r !== undefined && ok(r)).length / n;
  return {
    queries: n,
    at1: count((r) => r === 1),
    at5: count((r) => r <= 5),
    mrr: ranks.reduce<number>((s, r) => s + (r ? 1 / r : 0), 0) / n,
  };
}

/** Runs every query through `search` (page ids, best first) and scores where its answers come. */
export function evaluate(queries: readonly EvalQuery[], search: (q: string, limit: number) => string[]): Evaluation {
  const ranked = queries.map((query) => {
    const top = search(query.q, DEPTH);
    const at = top.findIndex((id) => query.answers.includes(id));
    return { query, rank: at < 0 ? undefined : at + 1, top };
  });
  const byKind: Partial<Record<QueryKind, Scores>> = {};
  for (const kind of [...new Set(queries.map((q) => q.kind))]) {
    byKind[kind] = scores(ranked.filter((r) => r.query.kind === kind).map((r) => r.rank));
  }
  return {
    overall: scores(ranked.map((r) => r.rank)),
    byKind,
    misses: ranked.filter((r) => r.rank !== 1),
  };
}

/** The evaluation as a Markdown table, then the misses with what came first. */
export function report({ overall, byKind, misses }: Evaluation): string {
  const row = (name: string, s: Scores) => `| ${name} | ${s.queries} | ${s.at1.toFixed(3)} | ${s.at5.toFixed(3)} | ${s.mrr.toFixed(3)} |`;
  const lines = [
    "| Kind | Queries | success@1 | success@5 | MRR |",
    "|---|---|---|---|---|",
    ...Object.entries(byKind).map(([kind, s]) => row(kind, s)),
    row("**all**", overall),
    "",
    misses.length ? `${misses.length} misses (answer not first):` : "No misses.",
    "",
    ...misses.map(
      (m) =>
        `- [${m.query.kind}] "${m.query.q}": ${m.rank ? `rank ${m.rank}` : "not in top 10"} ` +
        `(wants ${m.query.answers.join(" | ")}; got ${m.top.slice(0, 3).join(", ") || "nothing"})`,
    ),
  ];
  return lines.join("\n");
}
