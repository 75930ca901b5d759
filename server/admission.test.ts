import { describe, expect, it } from "vitest";
import { Admission } from "./admission";
import { OverloadedError } from "./errors";

const never = () => new Promise<never>(() => {});

/** Runs the given tasks (left pending) through a fresh gate, then returns what the last one met. */
type Ask = readonly [client: string, ref?: string];
interface Case {
  case: string;
  limits: { total: number; perClient: number; perRef?: number };
  before: Ask[];
  next: Ask;
  result: "admitted" | 429 | 503;
}

function outcome({ limits, before, next }: Case) {
  const gate = new Admission("page compiles", { ...limits, retryAfterSeconds: 7 });
  for (const [client, ref] of before) void gate.run({ client, ref }, never);
  try {
    void gate.run({ client: next[0], ref: next[1] }, never);
    return "admitted";
  } catch (error) {
    if (!(error instanceof OverloadedError)) throw error;
    expect(error.retryAfterSeconds).toBe(7);
    return error.status;
  }
}

describe("Admission", () => {
  it.each<Case>([
    { case: "a first task", limits: { total: 2, perClient: 1 }, before: [], next: ["a"], result: "admitted" },
    { case: "a client's second task", limits: { total: 4, perClient: 1 }, before: [["a"]], next: ["a"], result: 429 },
    { case: "another client's task", limits: { total: 4, perClient: 1 }, before: [["a"]], next: ["b"], result: "admitted" },
    { case: "a task past the total", limits: { total: 2, perClient: 1 }, before: [["a"], ["b"]], next: ["c"], result: 503 },
    {
      case: "a ref's task past its bound",
      limits: { total: 9, perClient: 9, perRef: 2 },
      before: [
        ["a", "pr/1"],
        ["b", "pr/1"],
      ],
      next: ["c", "pr/1"],
      result: 503,
    },
    {
      case: "another ref's task",
      limits: { total: 9, perClient: 9, perRef: 2 },
      before: [
        ["a", "pr/1"],
        ["b", "pr/1"],
      ],
      next: ["c", "main"],
      result: "admitted",
    },
  ])("$case: $result", (row) => {
    expect(outcome(row)).toBe(row.result);
  });

  it("frees a task's slots when it settles, whether it succeeded or failed", async () => {
    const gate = new Admission("diffs", { total: 1, perClient: 1, retryAfterSeconds: 1 });
    await gate.run({ client: "a" }, async () => 1);
    await expect(gate.run({ client: "a" }, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.size).toBe(0);
    await expect(gate.run({ client: "a" }, async () => 2)).resolves.toBe(2);
  });
});
