/**
 * Whether a server process still answers, as its primary sees it (primary.ts): each sends a beat
 * over IPC every BEAT_MS from its event loop, and one silent for SILENT_MS is stopped and replaced.
 * A process that is stopped (SIGSTOP), deadlocked or spinning sends none; one busy rendering sends
 * its beat as soon as the render yields. The longest synchronous work a request was seen to cause
 * is a diff of two large pages, 22 to 32 s (issue 26, which moves diffs off the thread); a 10 MB page
 * renders in about 2 s. So 60 s of silence is not work, even on a loaded machine. SUI_DOCS_SILENT_MS shortens it for tests.
 */
export const BEAT_MS = 2_000;
export const SILENT_MS = Number(process.env.SUI_DOCS_SILENT_MS) || 60_000;

export interface Beat {
  kind: "sui-docs:beat";
}

export function isBeat(value: unknown): value is Beat {
  return (value as { kind?: unknown } | null)?.kind === "sui-docs:beat";
}

/**
 * In a process the primary started: beat now, before the process can serve (the primary counts
 * silence from the first beat), and then until it ends (the timer keeps nothing alive).
 */
export function beatToPrimary(): void {
  const send = process.send?.bind(process);
  if (!send) return;
  const beat = () => send({ kind: "sui-docs:beat" } satisfies Beat);
  beat();
  setInterval(beat, BEAT_MS).unref();
}
