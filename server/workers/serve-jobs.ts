/** What the pool sends a worker process: one job at a time. */
export interface JobRequest {
  id: number;
  name: string;
  input: unknown;
}

/** What a worker process answers: that it is ready for jobs, that it took a job (a worker that does not is hung), and how the job ended. */
export type JobMessage =
  | { kind: "ready" }
  | { kind: "started"; id: number }
  | { kind: "done"; id: number; result: unknown }
  | { kind: "failed"; id: number; message: string };

/**
 * Runs in a worker process (pool.ts forks it): answers each job the pool sends with what the job of
 * that name returns. Says it is ready once it listens, since a message sent before that is lost.
 */
export function serveJobs(jobs: Record<string, (input: never) => unknown>): void {
  // A parent killed outright (SIGKILL) closes the channel before "disconnect" is handled: an answer sent meanwhile
  // has nobody to reach, and must not crash the worker with ERR_IPC_CHANNEL_CLOSED.
  const send = (message: JobMessage) => {
    if (process.connected) process.send?.(message, undefined, undefined, () => {});
  };
  process.on("message", (message: JobRequest) => {
    const job = jobs[message.name];
    send({ kind: "started", id: message.id });
    Promise.resolve()
      .then(() => {
        if (!job) throw new Error(`no job is named ${message.name}`);
        return job(message.input as never);
      })
      .then(
        (result) => send({ kind: "done", id: message.id, result }),
        (error: unknown) => send({ kind: "failed", id: message.id, message: (error as Error).message ?? String(error) }),
      );
  });
  // The pool ends a worker by closing the channel or with a signal; nothing else keeps it running.
  process.on("disconnect", () => process.exit(0));
  send({ kind: "ready" });
}
