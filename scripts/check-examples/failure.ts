/** The checks, in the order the summary prints them. */
export const CHECKS = ["typescript", "move-parse", "move-calls", "shell", "retired", "pins", "examples"] as const;
export type CheckName = (typeof CHECKS)[number];

/** One broken example: where it is and why, as `file:line: reason`. */
export interface Failure {
  check: CheckName;
  file: string;
  line: number;
  reason: string;
}

export function formatFailure(failure: Failure): string {
  return `${failure.file}:${failure.line}: [${failure.check}] ${failure.reason}`;
}
