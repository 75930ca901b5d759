import { describe, expect, it } from "vitest";
import { PUSH_CATCH_UP_GRACE_MS, readiness, type ReadinessFacts } from "./readiness";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const COMMIT = "a".repeat(40);

describe("readiness", () => {
  const rows: Array<[string, ReadinessFacts, boolean, RegExp?]> = [
    ["serving, nothing pending", { commit: COMMIT, draining: false }, true],
    ["a front with a server process", { commit: COMMIT, upstreams: 1, draining: false }, true],
    ["stopping", { commit: COMMIT, draining: true }, false, /^stopping/],
    ["no commit yet", { draining: false }, false, /^starting/],
    ["a front with no server process", { commit: COMMIT, upstreams: 0, draining: false }, false, /no server process/],
    ["first fetch after start", { commit: COMMIT, catchingUp: { reason: "start", since: ago(0) }, draining: false }, false, /^starting/],
    ["a push, just announced", { commit: COMMIT, catchingUp: { reason: "push", since: ago(1_000) }, draining: false }, true],
    [
      "a push, fetched for longer than the grace",
      { commit: COMMIT, catchingUp: { reason: "push", since: ago(PUSH_CATCH_UP_GRACE_MS + 2_000) }, draining: false },
      false,
      /^catching up: a push announced 7 s ago/,
    ],
  ];
  it.each(rows)("%s", (_, facts, ready, reason) => {
    const verdict = readiness(facts, NOW);
    expect(verdict.ready).toBe(ready);
    if (reason) expect(verdict.ready ? "" : verdict.reason).toMatch(reason);
  });
});
