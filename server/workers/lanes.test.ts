import { describe, expect, it } from "vitest";
import { JobPriority, needsReservedWorker, nextJob, type Lane } from "./lanes";

/** A queue written as lanes in queue order: ids count up from 1, so the first listed is the oldest. */
const queueOf = (lanes: Lane[]) => lanes.map((lane, i) => ({ id: i + 1, priority: new JobPriority(lane) }));

describe("nextJob", () => {
  const cases: Array<{ case: string; queue: Lane[]; takesReaders: boolean; next: number }> = [
    { case: "an empty queue starts nothing", queue: [], takesReaders: true, next: -1 },
    { case: "one lane is first in, first out", queue: ["preview", "preview", "preview"], takesReaders: true, next: 0 },
    { case: "publishing goes ahead of previews queued before it", queue: ["preview", "preview", "publish"], takesReaders: true, next: 2 },
    { case: "live readers go ahead of previews", queue: ["preview", "live", "preview"], takesReaders: true, next: 1 },
    { case: "publishing goes ahead of live readers", queue: ["live", "publish"], takesReaders: true, next: 1 },
    { case: "the oldest publishing job first", queue: ["preview", "publish", "publish"], takesReaders: true, next: 1 },
    { case: "the reserved worker takes no reader's job", queue: ["live", "preview"], takesReaders: false, next: -1 },
    { case: "the reserved worker takes publishing's", queue: ["live", "preview", "publish"], takesReaders: false, next: 2 },
  ];
  it.each(cases)("$case", ({ queue, takesReaders, next }) => {
    expect(nextJob(queueOf(queue), takesReaders)).toBe(next);
  });

  it("starts a queued preview first once publishing comes to wait for it", () => {
    const queue = queueOf(["preview", "live", "preview"]);
    queue[2]!.priority.raise("publish");
    expect(nextJob(queue, true)).toBe(2);
  });
});

describe("JobPriority.raise", () => {
  const cases: Array<[from: Lane, to: Lane, lane: Lane]> = [
    ["preview", "publish", "publish"],
    ["preview", "live", "live"],
    ["live", "preview", "live"],
    ["publish", "preview", "publish"],
    ["publish", "live", "publish"],
  ];
  it.each(cases)("%s raised to %s is %s (never lowered)", (from, to, lane) => {
    const priority = new JobPriority(from);
    priority.raise(to);
    expect(priority.lane).toBe(lane);
  });
});

describe("needsReservedWorker", () => {
  const cases: Array<{ case: string; waiting: Lane[]; running: Array<Lane | undefined>; size: number; needed: boolean }> = [
    { case: "an idle pool needs none", waiting: [], running: [undefined], size: 1, needed: false },
    { case: "publishing waits for a live reader's job", waiting: ["publish"], running: ["live"], size: 1, needed: true },
    { case: "publishing waits for a preview", waiting: ["publish"], running: ["preview"], size: 1, needed: true },
    { case: "previews hold every worker and jobs wait", waiting: ["live"], running: ["preview", "preview"], size: 2, needed: true },
    { case: "live readers hold a worker: no reserve for readers", waiting: ["live"], running: ["preview", "live"], size: 2, needed: false },
    { case: "a worker is idle: publishing takes it", waiting: ["publish"], running: ["live", undefined], size: 2, needed: false },
    { case: "the pool is not at its size: a general worker starts", waiting: ["publish"], running: ["live"], size: 2, needed: false },
    { case: "nothing waits", waiting: [], running: ["preview"], size: 1, needed: false },
  ];
  it.each(cases)("$case", ({ waiting, running, size, needed }) => {
    expect(needsReservedWorker(waiting, running, size)).toBe(needed);
  });
});
