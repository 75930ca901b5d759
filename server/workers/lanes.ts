/**
 * Who waits for a worker job, most urgent first: publishing a push (the live site moves only when
 * its changed pages compile); readers of the live commit; readers of any other revision (`?ref=`
 * previews, `?commit=`) and work no one said otherwise about. A job waiting in a lane goes ahead of
 * every job in the lanes after it, whenever it was queued.
 */
export const LANES = ["publish", "live", "preview"] as const;
export type Lane = (typeof LANES)[number];

/** A queued job's lane; a more urgent caller that comes to wait for the same job raises it. */
export class JobPriority {
  constructor(public lane: Lane) {}

  raise(lane: Lane): void {
    if (LANES.indexOf(lane) < LANES.indexOf(this.lane)) this.lane = lane;
  }
}

/** What the lane order needs of a queued job: its priority and its place in the queue (ids grow with time). */
export interface Queued {
  id: number;
  priority: JobPriority;
}

/**
 * The index in `queue` of the job a worker starts next, or -1: the most urgent lane first, the
 * oldest job within it. Jobs of the reader lanes go only to a worker that `takesReaders` (the pool
 * keeps one for publishing).
 */
export function nextJob(queue: readonly Queued[], takesReaders: boolean): number {
  let best = -1;
  for (let i = 0; i < queue.length; i++) {
    const job = queue[i]!;
    if (!takesReaders && job.priority.lane !== "publish") continue;
    const chosen = queue[best];
    const rank = LANES.indexOf(job.priority.lane);
    if (!chosen || rank < LANES.indexOf(chosen.priority.lane) || (rank === LANES.indexOf(chosen.priority.lane) && job.id < chosen.id)) {
      best = i;
    }
  }
  return best;
}

/**
 * Whether the pool starts its reserved worker (it takes publishing's jobs only), given the lanes
 * of the jobs waiting and of those running on the general workers (undefined: idle or starting)
 * and the pool's size. Only when the general workers are all there and all busy, and either
 * previews hold every one of them while jobs wait (work whose amount a stranger chooses), or a
 * publishing job waits: a push must not wait for a reader's job already running, such as the 2 s
 * build of the previous commit's search index.
 */
export function needsReservedWorker(waiting: readonly Lane[], running: readonly (Lane | undefined)[], size: number): boolean {
  if (running.length < size || running.some((lane) => lane === undefined)) return false;
  return waiting.includes("publish") || (waiting.length > 0 && running.every((lane) => lane === "preview"));
}
